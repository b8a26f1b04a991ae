package calendarsync

import (
	"context"
	"time"

	"github.com/hive/hive/internal/platform/database"
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
