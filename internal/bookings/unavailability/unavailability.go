// Package unavailability holds the dates a freelancer has marked as unavailable. Available
// suppliers and substitutes treat such a date as not free.
package unavailability

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/calendarsync"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
)

// UnavailabilityUser names the user.
type UnavailabilityUser struct {
	ID       int64  `json:"id"`
	FullName string `json:"fullName"`
}

// Unavailability is one user's unavailable dates, ascending.
type Unavailability struct {
	UserID int64              `json:"userId"`
	User   UnavailabilityUser `json:"user"`
	Dates  []string           `json:"dates"`
	// BusyOwnCalendarDates are the dates a busy time of the user's own calendar falls on
	// (calendarsync): shown as 'Busy (own calendar)', never with what it is.
	BusyOwnCalendarDates []string `json:"busyOwnCalendarDates" doc:"Local dates with a busy time of the user's own connected calendar: 'Busy (own calendar)'"`
}

// DatesBody marks or clears dates of the caller (or, for administrators, of userId).
type DatesBody struct {
	Dates  []string `json:"dates" minItems:"1" maxItems:"366" doc:"Local dates YYYY-MM-DD"`
	UserID int64    `json:"userId,omitempty" doc:"Administrators only: whose dates"`
}

// IDPath is a user id in the path.
type IDPath struct {
	ID int64 `path:"id" minimum:"1"`
}

// Store reads and writes unavailability.
type Store struct{ DB *database.DB }

// Register adds the unavailability operations.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}}
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Unavailability"}
	httpapi.Op(ops, "markUnavailable", "POST /unavailability", "Mark dates unavailable (the caller's own)", h.mark, 403, 422)
	httpapi.Op(ops, "clearUnavailable", "DELETE /unavailability", "Mark dates available again", h.clear, 403, 422)
	httpapi.Op(ops, "unavailabilityByUserIds", "GET /unavailability/by-user-ids",
		"Unavailable dates of several users in a date range", httpapi.WithUser(h.byUsers), 422)
	httpapi.Op(ops, "getUnavailability", "GET /unavailability/{id}",
		"One user's unavailable dates (the id is the user's)", httpapi.WithUser(h.get), 404)
}

type handlers struct{ store *Store }

// target is whose dates a write changes: the caller's, or for administrators any user's.
func target(ctx context.Context, b DatesBody) (int64, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return 0, err
	}
	if b.UserID == 0 || b.UserID == p.UserID {
		return p.UserID, nil
	}
	if !p.Has(auth.NeedAdmin) {
		return 0, apperror.Forbidden()
	}
	return b.UserID, nil
}

func checkDates(dates []string) ([]string, error) {
	for _, d := range dates {
		if _, err := time.Parse(time.DateOnly, d); err != nil {
			return nil, apperror.Field("dates", "Dates must be YYYY-MM-DD")
		}
	}
	out := slices.Clone(dates)
	slices.Sort(out)
	return slices.Compact(out), nil
}

func (h *handlers) mark(ctx context.Context, in *struct{ Body DatesBody }) (*struct{ Body Unavailability }, error) {
	return h.write(ctx, in.Body, true)
}

func (h *handlers) clear(ctx context.Context, in *struct{ Body DatesBody }) (*struct{ Body Unavailability }, error) {
	return h.write(ctx, in.Body, false)
}

// write marks (or clears) each date in one transaction; marking a marked date or clearing a
// free one changes nothing.
func (h *handlers) write(ctx context.Context, b DatesBody, mark bool) (*struct{ Body Unavailability }, error) {
	user, err := target(ctx, b)
	if err != nil {
		return nil, err
	}
	dates, err := checkDates(b.Dates)
	if err != nil {
		return nil, err
	}
	err = h.store.DB.InTx(ctx, func(tx *database.Tx) error {
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
		return nil, apperror.NotFound("User")
	}
	if err != nil {
		return nil, err
	}
	u, err := h.store.Of(ctx, user)
	return &struct{ Body Unavailability }{Body: u}, err
}

func (h *handlers) get(ctx context.Context, p *auth.Principal, in *IDPath) (*struct{ Body Unavailability }, error) {
	visible, err := h.store.Visible(ctx, p, []int64{in.ID})
	if err != nil {
		return nil, err
	}
	if len(visible) == 0 {
		return nil, apperror.NotFound("User")
	}
	u, err := h.store.Of(ctx, in.ID)
	return &struct{ Body Unavailability }{Body: u}, err
}

func (h *handlers) byUsers(ctx context.Context, p *auth.Principal, in *struct {
	UserIDs   []int64 `query:"userIds,explode" maxItems:"500"`
	StartDate string  `query:"startDate" doc:"YYYY-MM-DD, inclusive"`
	EndDate   string  `query:"endDate" doc:"YYYY-MM-DD, inclusive"`
}) (*struct{ Body []Unavailability }, error) {
	if _, err := checkDates(append(nonEmpty(in.StartDate), nonEmpty(in.EndDate)...)); err != nil {
		return nil, err
	}
	ids, err := h.store.Visible(ctx, p, in.UserIDs)
	if err != nil {
		return nil, err
	}
	out, err := h.store.Range(ctx, ids, in.StartDate, in.EndDate)
	return &struct{ Body []Unavailability }{Body: out}, err
}

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
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

// Visible keeps the users whose dates p may read: their own; every user for administrators;
// and the users linked to an entity or department p manages, which is the link half of
// access.CanSeeUser (access.UsersSeenByManager). The other half, "any manager sees any
// freelancer", is left out on purpose: when someone is free is shown to the organisations they
// work with, not to every client (a profile is another matter).
func (s *Store) Visible(ctx context.Context, p *auth.Principal, users []int64) ([]int64, error) {
	if p.Has(auth.NeedAdmin) {
		return users, nil
	}
	out := []int64{}
	var others []int64
	for _, u := range users {
		if u == p.UserID {
			out = append(out, u)
		} else {
			others = append(others, u)
		}
	}
	entities, departments := access.UsersSeenByManager(p)
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
