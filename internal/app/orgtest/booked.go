package orgtest

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/database"
)

// Shift is one placement template of a job template that JobTemplateOf inserts: its title and
// local times ("HH:mm"), its unpaid breaks in minutes, and its sell and buy rates in minor units
// a Period in Currency (both sides; empty: the columns' defaults, GBP a day).
type Shift struct {
	Title, Start, End string
	UnpaidBreaks      int
	Sell, Buy         int64
	Currency, Period  string
}

// JobTemplateOf inserts a job template titled title of department, with one placement template
// per shift, in order: the read models' tests (agenda, scheduler, dashboard) need their own
// titles, times and rates, where JobTemplate's 'Cup Final' serves the rest.
func JobTemplateOf(t testing.TB, db *database.DB, department int64, title string, shifts ...Shift) int64 {
	t.Helper()
	var id int64
	ctx := context.Background()
	err := db.InTx(ctx, func(tx *database.Tx) error {
		if err := tx.Get(ctx, &id, `INSERT INTO job_templates (department_id, title, title_lc, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?) RETURNING id`, department, title, strings.ToLower(title), tx.Now, tx.Now); err != nil {
			return err
		}
		for i, s := range shifts {
			currency, period := s.Currency, s.Period
			if currency == "" {
				currency = "GBP"
			}
			if period == "" {
				period = "day"
			}
			if _, err := tx.Exec(ctx, `INSERT INTO placement_templates (job_template_id, position, title, start_time, end_time,
				unpaid_breaks, sell_rate_minor, sell_currency, sell_period, buy_rate_minor, buy_currency, buy_period,
				created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				id, i, s.Title, s.Start, s.End, s.UnpaidBreaks, s.Sell, currency, period, s.Buy, currency, period,
				tx.Now, tx.Now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// Booked is a booking as GET /booking/{id} shows it, as far as the tests read it.
type Booked struct {
	ID           int64
	DepartmentID int64 `json:"departmentId"`
	Placements   []struct {
		ID           int64
		Date         string `json:"date"`
		Instructions []struct{ ID, UserID int64 }
	}
}

// Book creates a booking of job template jt on dates as role, lets the booking's department
// hire users and grants them every placement as role (when there are any), and reads the
// booking back as the administrator.
func Book(t testing.TB, s *apptest.Server, role string, jt int64, dates []string, users ...int64) Booked {
	t.Helper()
	var b Booked
	s.As(role).Do("POST", "/booking", map[string]any{"jobTemplateId": jt, "dates": dates}).Want(201).Decode(&b)
	Hire(t, s.DB, b.DepartmentID, users...)
	ids := []int64{}
	for _, p := range b.Placements {
		ids = append(ids, p.ID)
	}
	if len(users) > 0 {
		s.As(role).Do("POST", fmt.Sprintf("/placement/%d/grant", ids[0]), map[string]any{"userIds": users, "placementIds": ids}).Want(200)
	}
	s.As(apptest.Admin).Do("GET", fmt.Sprintf("/booking/%d", b.ID), nil).Want(200).Decode(&b)
	return b
}

// Instruction is user's instruction on the booking's placement n (in the booking's order).
func (b Booked) Instruction(t testing.TB, n int, user int64) int64 {
	t.Helper()
	for _, i := range b.Placements[n].Instructions {
		if i.UserID == user {
			return i.ID
		}
	}
	t.Fatalf("no instruction of %d on placement %d", user, n)
	return 0
}

// Freelancer inserts a freelancer named first Other with email, to book beside the demo
// freelancer.
func Freelancer(t testing.TB, db *database.DB, email, first string) int64 {
	t.Helper()
	return insert(t, db, `INSERT INTO users (email, email_lc, first_name, last_name, is_freelancer, created_at,
		updated_at) VALUES (?, ?, ?, 'Other', TRUE, ?, ?) RETURNING id`, email, strings.ToLower(email), first)
}
