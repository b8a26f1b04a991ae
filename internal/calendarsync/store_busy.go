package calendarsync

import (
	"context"
	"slices"
	"time"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/input"
)

// UserBlock is a busy time of one freelancer's own calendar.
type UserBlock struct {
	UserID int64     `db:"user_id"`
	Start  time.Time `db:"start_at"`
	End    time.Time `db:"end_at"`
}

// Busy reads the busy times of users' own calendars that meet [from, to), by user and start:
// the times alone, which every view shows as BusyOwnCalendar. Available suppliers, the
// freelancer search and the scheduler read it; nothing else of a connection leaves this package.
func Busy(ctx context.Context, r database.Reader, users []int64, from, to time.Time) ([]UserBlock, error) {
	if len(users) == 0 {
		return nil, nil
	}
	marks, args := database.In(users)
	var out []UserBlock
	err := r.Select(ctx, &out, `SELECT user_id, start_at, end_at FROM calendar_busy_blocks
		WHERE user_id IN (`+marks+`) AND start_at < ? AND end_at > ? ORDER BY user_id, start_at`,
		append(args, to.UTC(), from.UTC())...)
	return out, err
}

// BusyIn is Busy for a department's linked users: the reads that rank a department's
// candidates take them all at once.
func BusyIn(ctx context.Context, r database.Reader, department int64, from, to time.Time) ([]UserBlock, error) {
	var out []UserBlock
	err := r.Select(ctx, &out, `SELECT b.user_id, b.start_at, b.end_at FROM calendar_busy_blocks b
		WHERE b.user_id IN (SELECT r.user_id FROM user_department_refs r WHERE r.department_id = ?)
		AND b.start_at < ? AND b.end_at > ? ORDER BY b.user_id, b.start_at`, department, to.UTC(), from.UTC())
	return out, err
}

// BusyOnDays reads who, among users (everyone when nil), has a busy time of their own calendar
// on a day of the local dates from to to (YYYY-MM-DD, both included), each day counted in the
// user's own zone: the free-on-these-days rule of the freelancer search.
func BusyOnDays(ctx context.Context, r database.Reader, from, to string, users []int64) (map[int64]bool, error) {
	first, err := time.Parse(time.DateOnly, from)
	if err != nil {
		return nil, err
	}
	last, err := time.Parse(time.DateOnly, to)
	if err != nil {
		return nil, err
	}
	out := map[int64]bool{}
	if users != nil && len(users) == 0 {
		return out, nil
	}
	// Every zone's days lie within 14 hours before and 12 after the UTC days.
	lo, hi := first.Add(-14*time.Hour), last.Add(36*time.Hour)
	among, args := "", []any{hi, lo}
	if users != nil {
		marks, ids := database.In(users)
		among, args = " AND b.user_id IN ("+marks+")", append(args, ids...)
	}
	var rows []struct {
		UserBlock
		Timezone string `db:"timezone"`
	}
	if err := r.Select(ctx, &rows, `SELECT b.user_id, b.start_at, b.end_at, u.timezone FROM calendar_busy_blocks b
		JOIN users u ON u.id = b.user_id WHERE b.start_at < ? AND b.end_at > ?`+among, args...); err != nil {
		return nil, err
	}
	for _, row := range rows {
		zone, _ := input.Zone(row.Timezone)
		if zone == nil {
			zone = time.UTC
		}
		dayStart := time.Date(first.Year(), first.Month(), first.Day(), 0, 0, 0, 0, zone)
		dayEnd := time.Date(last.Year(), last.Month(), last.Day()+1, 0, 0, 0, 0, zone)
		if row.Start.Before(dayEnd) && row.End.After(dayStart) {
			out[row.UserID] = true
		}
	}
	return out, nil
}

// BusyDates reads, per user among users, the local dates (in the user's zone, from start to end
// YYYY-MM-DD, both included; either may be empty for no bound) on which their own calendar has
// a busy time, in order: what the scheduler's month shows as BusyOwnCalendar.
func BusyDates(ctx context.Context, r database.Reader, users []int64, start, end string) (map[int64][]string, error) {
	out := map[int64][]string{}
	if len(users) == 0 {
		return out, nil
	}
	lo, hi := time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)
	if t, err := time.Parse(time.DateOnly, start); err == nil {
		lo = t.Add(-14 * time.Hour)
	}
	if t, err := time.Parse(time.DateOnly, end); err == nil {
		hi = t.Add(36 * time.Hour)
	}
	marks, args := database.In(users)
	var rows []struct {
		UserBlock
		Timezone string `db:"timezone"`
	}
	if err := r.Select(ctx, &rows, `SELECT b.user_id, b.start_at, b.end_at, u.timezone FROM calendar_busy_blocks b
		JOIN users u ON u.id = b.user_id WHERE b.user_id IN (`+marks+`) AND b.start_at < ? AND b.end_at > ?
		ORDER BY b.user_id, b.start_at`, append(args, hi, lo)...); err != nil {
		return nil, err
	}
	seen := map[int64]map[string]bool{}
	for _, row := range rows {
		zone, _ := input.Zone(row.Timezone)
		if zone == nil {
			zone = time.UTC
		}
		for _, d := range localDates(row.Start, row.End, zone) {
			if (start != "" && d < start) || (end != "" && d > end) || seen[row.UserID][d] {
				continue
			}
			if seen[row.UserID] == nil {
				seen[row.UserID] = map[string]bool{}
			}
			seen[row.UserID][d] = true
			out[row.UserID] = append(out[row.UserID], d)
		}
	}
	for u := range out {
		slices.Sort(out[u])
	}
	return out, nil
}

// localDates are the dates in zone that [start, end) meets.
func localDates(start, end time.Time, zone *time.Location) []string {
	var out []string
	s := start.In(zone)
	day := time.Date(s.Year(), s.Month(), s.Day(), 0, 0, 0, 0, zone)
	for ; day.Before(end) && len(out) < 400; day = day.AddDate(0, 0, 1) {
		out = append(out, day.Format(time.DateOnly))
	}
	return out
}
