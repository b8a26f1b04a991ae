// Package unavailability holds the dates a freelancer has marked as unavailable. Available
// suppliers and substitutes treat such a date as not free.
package unavailability

import (
	"slices"
	"time"

	"github.com/hive/hive/internal/platform/apperror"
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
