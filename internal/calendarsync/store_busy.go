package calendarsync

import (
	"context"
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
