package reads

import (
	"context"
	"slices"
	"time"

	"github.com/hive/hive/internal/platform/database"
)

// The agenda's read of changes awaiting acknowledgement (written by bookings' package
// acknowledge): its Critical tab lists the placements that hold one.

// PlacementStart is a placement id with its start.
type PlacementStart struct {
	ID      int64     `db:"id"`
	StartAt time.Time `db:"start_at"`
}

// AwaitingAcknowledgement lists the live placements not ended at now, of the departments
// visible, with a local date within [from, to] ("" leaves a side open), that hold an accepted
// instruction whose change awaits its freelancer's acknowledgement, by start.
func AwaitingAcknowledgement(ctx context.Context, r database.Reader, visible database.Visibility, from, to string,
	now time.Time) ([]PlacementStart, error) {
	if visible.None() {
		return nil, nil
	}
	cond, args := visible.Condition("b.department_id")
	// The marks are few (one per unacknowledged change) and placements many: CROSS JOIN makes
	// SQLite start from the marks, where its planner, without statistics, walked every placement
	// by start for an administrator (PostgreSQL plans it as the inner join it is).
	q := `SELECT DISTINCT p.id, p.start_at FROM instruction_acknowledgements a CROSS JOIN placements p
		CROSS JOIN bookings b WHERE p.id = a.placement_id AND b.id = p.booking_id AND ` + cond + `
		AND p.deleted_at IS NULL AND p.end_at > ?`
	args = append(slices.Clone(args), now)
	if from != "" {
		q, args = q+` AND p.local_date >= ?`, append(args, from)
	}
	if to != "" {
		q, args = q+` AND p.local_date <= ?`, append(args, to)
	}
	var out []PlacementStart
	err := r.Select(ctx, &out, q+` ORDER BY p.start_at, p.id`, args...)
	return out, err
}
