// Package unavailability holds the dates a freelancer has marked as unavailable. Available
// suppliers and substitutes treat such a date as not free.
package unavailability

import (
	"slices"
	"time"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
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

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

// ReaderOf is whose dates p may read, as Store.Visible takes it: their own; every user's for
// administrators; and those of the users linked to an entity or department p manages, which is
// the link half of access.CanSeeUser (access.UsersSeenByManager). The other half, "any manager
// sees any freelancer", is left out on purpose: when someone is free is shown to the
// organisations they work with, not to every client (a profile is another matter).
func ReaderOf(p *auth.Principal) access.UserViewer {
	entities, departments := access.UsersSeenByManager(p)
	return access.UserViewer{Self: p.UserID, All: p.Has(auth.NeedAdmin),
		UserScope: access.UserScope{EntityIDs: entities, DepartmentIDs: departments}}
}
