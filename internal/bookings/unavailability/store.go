package unavailability

import (
	"context"
	"errors"
	"strings"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/calendarsync"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// Store reads and writes unavailability.
type Store struct{ DB *database.DB }

// Set marks (or clears) each of user's dates in one transaction; marking a marked date or
// clearing a free one changes nothing. An unknown user is N-404.
func (s *Store) Set(ctx context.Context, user int64, dates []string, mark bool) error {
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		for _, d := range dates {
			var err error
			if mark {
				_, err = tx.Exec(ctx, `INSERT INTO unavailability (user_id, date, created_at) VALUES (?, ?, ?)
					ON CONFLICT (user_id, date) DO NOTHING`, user, d, tx.Now)
			} else {
				_, err = tx.Exec(ctx, `DELETE FROM unavailability WHERE user_id = ? AND date = ?`, user, d)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, database.ErrForeignKeyViolation) {
		return apperror.NotFound("User")
	}
	return err
}

// Of reads one user's dates; 404 when the user does not exist.
func (s *Store) Of(ctx context.Context, user int64) (Unavailability, error) {
	out, err := s.Range(ctx, []int64{user}, "", "")
	if err != nil {
		return Unavailability{}, err
	}
	if len(out) == 0 {
		return Unavailability{}, apperror.NotFound("User")
	}
	return out[0], nil
}

// Range reads the dates of users between start and end (either may be empty), one entry per
// existing user, in the order of users.
func (s *Store) Range(ctx context.Context, users []int64, start, end string) ([]Unavailability, error) {
	out := []Unavailability{}
	if len(users) == 0 {
		return out, nil
	}
	marks, args := database.In(users)
	var names []struct {
		ID    int64  `db:"id"`
		First string `db:"first_name"`
		Last  string `db:"last_name"`
	}
	if err := s.DB.Select(ctx, &names, `SELECT id, first_name, last_name FROM users WHERE id IN (`+marks+`) ORDER BY id`, args...); err != nil {
		return nil, err
	}
	if start == "" {
		start = "0000-01-01"
	}
	if end == "" {
		end = "9999-12-31"
	}
	var rows []struct {
		UserID int64  `db:"user_id"`
		Date   string `db:"date"`
	}
	if err := s.DB.Select(ctx, &rows, `SELECT user_id, date FROM unavailability WHERE user_id IN (`+marks+`)
		AND date >= ? AND date <= ? ORDER BY user_id, date`, append(args, start, end)...); err != nil {
		return nil, err
	}
	dates := map[int64][]string{}
	for _, r := range rows {
		dates[r.UserID] = append(dates[r.UserID], r.Date)
	}
	busy, err := calendarsync.BusyDates(ctx, s.DB, users, strings.TrimPrefix(start, "0000-01-01"), strings.TrimPrefix(end, "9999-12-31"))
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		d := dates[n.ID]
		if d == nil {
			d = []string{}
		}
		b := busy[n.ID]
		if b == nil {
			b = []string{}
		}
		out = append(out, Unavailability{UserID: n.ID, User: UnavailabilityUser{ID: n.ID, FullName: n.First + " " + n.Last}, Dates: d,
			BusyOwnCalendarDates: b})
	}
	return out, nil
}

// Visible keeps the users whose dates reader (ReaderOf the caller) may read: their own; every
// user for administrators (All); and the users linked to an entity or department they manage.
func (s *Store) Visible(ctx context.Context, reader access.UserViewer, users []int64) ([]int64, error) {
	if reader.All {
		return users, nil
	}
	out := []int64{}
	var others []int64
	for _, u := range users {
		if u == reader.Self {
			out = append(out, u)
		} else {
			others = append(others, u)
		}
	}
	entities, departments := reader.EntityIDs, reader.DepartmentIDs
	if len(others) == 0 || len(entities)+len(departments) == 0 {
		return out, nil
	}
	um, uargs := database.In(others)
	var parts []string
	var args []any
	if len(departments) > 0 {
		dm, dargs := database.In(departments)
		parts = append(parts, `SELECT user_id FROM user_department_refs WHERE user_id IN (`+um+`) AND department_id IN (`+dm+`)`)
		args = append(append(args, uargs...), dargs...)
	}
	if len(entities) > 0 {
		em, eargs := database.In(entities)
		parts = append(parts, `SELECT user_id FROM user_entity_refs WHERE user_id IN (`+um+`) AND entity_id IN (`+em+`)`)
		args = append(append(args, uargs...), eargs...)
	}
	var linked []int64
	err := s.DB.Select(ctx, &linked, `SELECT DISTINCT user_id FROM (`+strings.Join(parts, ` UNION `)+`) linked ORDER BY user_id`, args...)
	return append(out, linked...), err
}
