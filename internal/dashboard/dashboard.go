// Package dashboard is the /dashboard read model over the bookings tables: one stats operation
// (placements per week by status colour, fill rate, median time from offer to answer, spend and
// charge per client and currency, top job titles, freelancers with most accepted work) scoped
// by the caller's permission, and the signed address of an embedded analytics dashboard.
//
// The figures and their definitions are in docs/dashboard.md. The colour of an instruction is
// status.ColourOf, never a copy: the store's SQL is generated from it (colour.go).
package dashboard

import (
	"slices"
	"time"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// Messages of the stats operation's checks (the spec has none).
const (
	MsgDate      = "Dates must be YYYY-MM-DD."
	MsgDateOrder = "The start date must be on or before the end date."
	MsgRange     = "The date range may span at most 366 days."
)

// MaxDays bounds a range (a leap year).
const MaxDays = 366

// TopN is how many job titles and freelancers the stats list.
const TopN = 10

// Scope is whose bookings a caller's figures count: those of Departments (every one for
// administrators). Clients, when set, narrows it to the departments of those clients.
type Scope struct {
	Departments database.Visibility
	Clients     []int64
	// Admin callers also see spend (buy rates); others see charge only.
	Admin bool
}

// ScopeOf is THE rule for who may open the dashboard and what it counts: administrators see
// everything; a client, agency or department manager who is not a freelancer sees the
// departments they manage (managing a client or agency manages its departments, so those
// count); freelancers and staff who manage nothing are refused (403). View-only links count
// for nothing: the figures hold money, which is the managers'.
func ScopeOf(p *auth.Principal) (Scope, error) {
	if p == nil {
		return Scope{}, apperror.Unauthenticated()
	}
	if p.Has(auth.NeedAdmin) {
		return Scope{Departments: database.SeesAll(), Admin: true}, nil
	}
	if p.Has(auth.NeedFreelancer) {
		return Scope{}, apperror.Forbidden()
	}
	departments := access.ManagedDepartments(p)
	if departments.None() {
		return Scope{}, apperror.Forbidden()
	}
	return Scope{Departments: departments}, nil
}

// NarrowToClients keeps scope to clients, each of which must be one the caller's departments
// belong to (seen, the clients of the scope's departments; nil for an administrator, who may
// ask for any). Asking for another client is refused (403), whether it exists or not.
func (s Scope) NarrowToClients(clients, seen []int64) (Scope, error) {
	if len(clients) == 0 {
		return s, nil
	}
	if !s.Departments.All {
		for _, c := range clients {
			if !slices.Contains(seen, c) {
				return Scope{}, apperror.Forbidden()
			}
		}
	}
	s.Clients = slices.Compact(slices.Sorted(slices.Values(clients)))
	return s, nil
}

// Range is an inclusive range of local dates.
type Range struct {
	Start, End time.Time
}

// ParseRange checks startDate and endDate (YYYY-MM-DD, start on or before end, at most MaxDays
// days inclusive); invalid input is a 422 on the query field.
func ParseRange(startDate, endDate string) (Range, error) {
	start, err := time.Parse(time.DateOnly, startDate)
	if err != nil {
		return Range{}, queryField("startDate", MsgDate)
	}
	end, err := time.Parse(time.DateOnly, endDate)
	if err != nil {
		return Range{}, queryField("endDate", MsgDate)
	}
	if start.After(end) {
		return Range{}, queryField("endDate", MsgDateOrder)
	}
	if end.Sub(start) >= MaxDays*24*time.Hour {
		return Range{}, queryField("endDate", MsgRange)
	}
	return Range{Start: start, End: end}, nil
}

// StartDate and EndDate are the range's dates as stored (placements.local_date).
func (r Range) StartDate() string { return r.Start.Format(time.DateOnly) }

// EndDate is the last date of the range.
func (r Range) EndDate() string { return r.End.Format(time.DateOnly) }

// StartInstants bound the UTC starts of the placements dated in the range, whatever their zone
// (UTC−12 to UTC+14), so a read can use the placements' start index as well as the dates.
func (r Range) StartInstants() (from, to time.Time) {
	return r.Start.Add(-14 * time.Hour), r.End.AddDate(0, 0, 1).Add(12 * time.Hour)
}

// WeekOf is the Monday starting the week of a date (spec part 2 §9: weeks start on Monday).
func WeekOf(day time.Time) time.Time {
	back := (int(day.Weekday()) + 6) % 7
	return day.AddDate(0, 0, -back)
}

// Weeks lists the Mondays of every week the range touches, in order.
func (r Range) Weeks() []time.Time {
	var weeks []time.Time
	for w := WeekOf(r.Start); !w.After(r.End); w = w.AddDate(0, 0, 7) {
		weeks = append(weeks, w)
	}
	return weeks
}

func queryField(name, msg string) error {
	return &apperror.Error{Kind: apperror.KindInvalid, Code: apperror.CodeValidation, Message: msg,
		Fields: []apperror.FieldError{{Loc: []string{"query", name}, Msg: msg, Type: "value_error"}}}
}
