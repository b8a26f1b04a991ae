package schedule

import (
	"context"
	"time"

	"github.com/hive/hive/internal/platform/database"
)

// summaryFrom joins a placement to its booking and department, which the scopes filter on.
const summaryFrom = ` FROM placements p JOIN bookings b ON b.id = p.booking_id JOIN departments d ON d.id = b.department_id`

// placementsFrom is summaryFrom with only the joins the scope needs: at the month view's scale
// every join costs a lookup per placement.
func placementsFrom(f SchedulerFilter) string {
	from := ` FROM placements p`
	if !f.Visible.All || len(f.DepartmentIDs) > 0 || len(f.JobTemplateIDs) > 0 || len(f.ClientIDs) > 0 {
		from += ` JOIN bookings b ON b.id = p.booking_id`
	}
	if len(f.ClientIDs) > 0 {
		from += ` JOIN departments d ON d.id = b.department_id`
	}
	return from
}

// chunkSize bounds an IN list.
const chunkSize = 256

// eachChunk calls fn with the IN list of each chunk of ids, padded with its last id to a power
// of two, so the lists take few shapes and SQLite keeps their prepared statements.
func eachChunk(ids []int64, fn func(marks string, args []any) error) error {
	for from := 0; from < len(ids); from += chunkSize {
		chunk := ids[from:min(from+chunkSize, len(ids))]
		size := 1
		for size < len(chunk) {
			size *= 2
		}
		for len(chunk) < size {
			chunk = append(chunk[:len(chunk):len(chunk)], chunk[len(chunk)-1])
		}
		marks, args := database.In(chunk)
		if err := fn(marks, args); err != nil {
			return err
		}
	}
	return nil
}

// withViewer finds out whether the viewer holds instructions in the range outside the
// departments they see whole. Managers seldom do, and their scope is then a plain department
// test that lets the database start from the department's bookings.
func withViewer(ctx context.Context, q database.Reader, f SchedulerFilter) (SchedulerFilter, error) {
	if f.Visible.All || f.Visible.None() {
		return f, nil
	}
	visible, args := f.Visible.Condition("b.department_id")
	err := q.Get(ctx, &f.ownElsewhere, `SELECT EXISTS (SELECT 1 FROM instructions x
		JOIN placements p ON p.id = x.placement_id JOIN bookings b ON b.id = p.booking_id
		WHERE x.user_id = ? AND p.local_date >= ? AND p.local_date <= ? AND NOT (`+visible+`))`,
		append([]any{f.Viewer, f.Start, f.End}, args...)...)
	return f, err
}

// startBounds widens the range of local dates to the UTC instants that hold every placement
// starting on them in any zone (UTC-12 to UTC+14), so the start_at indexes can narrow the scan
// (the local_date test stays the exact one).
func startBounds(start, end string) (from, to time.Time, err error) {
	if from, err = time.Parse(time.DateOnly, start); err == nil {
		to, err = time.Parse(time.DateOnly, end)
	}
	return from.Add(-14 * time.Hour), to.AddDate(0, 0, 1).Add(12 * time.Hour), err
}

// placementScope is the WHERE clause of the range's placements the viewer may see: in a
// department they see whole, or holding one of their instructions. deleted tells whether
// cancelled placements (and deleted instructions) count.
func placementScope(f SchedulerFilter, deleted bool) *database.Where {
	c := &database.Where{}
	c.Add("p.local_date >= ? AND p.local_date <= ?", f.Start, f.End)
	if from, to, err := startBounds(f.Start, f.End); err == nil {
		c.Add("p.start_at >= ? AND p.start_at < ?", from, to)
	}
	if !deleted {
		c.Add("p.deleted_at IS NULL")
	}
	c.In("b.department_id", f.DepartmentIDs)
	c.In("d.client_id", f.ClientIDs)
	c.In("b.job_template_id", f.JobTemplateIDs)
	chosenUsers(c, "p.id", f, deleted)
	// From the viewer's instructions, not a test on each placement of the month: a freelancer
	// holds few.
	own := "p.id IN (" + placementsHeld("= ?", deleted) + ")"
	switch {
	case f.Visible.All:
	case f.Visible.None():
		c.Add(own, f.Viewer)
	case f.ownElsewhere:
		visible, args := f.Visible.Condition("b.department_id")
		c.Add("("+visible+" OR "+own+")", append(args, f.Viewer)...)
	default:
		c.Within("b.department_id", f.Visible)
	}
	return c
}

// chosenUsers keeps, when userIds is given, the placements (placement, their id column) where
// one of those users holds an instruction (a live one unless deleted).
func chosenUsers(c *database.Where, placement string, f SchedulerFilter, deleted bool) {
	if len(f.UserIDs) == 0 {
		return
	}
	marks, args := database.In(f.UserIDs)
	c.Add(placement+" IN ("+placementsHeld("IN ("+marks+")", deleted)+")", args...)
}

// placementsHeld selects the ids of the placements with an instruction whose user matches
// holder (a condition on x.user_id, such as "= ?"); only live instructions count unless deleted.
func placementsHeld(holder string, deleted bool) string {
	held := "SELECT x.placement_id FROM instructions x WHERE x.user_id " + holder
	if !deleted {
		held += " AND x.deleted_at IS NULL"
	}
	return held
}

// instructionConditions are the instructions (alias i, of a placement p) the viewer may see:
// every one in a department they see whole, their own elsewhere; only the chosen users' when
// userIds is given. The caller links i to p.
func instructionConditions(f SchedulerFilter, deleted bool) *database.Where {
	c := &database.Where{}
	if !deleted {
		c.Add("i.deleted_at IS NULL")
	}
	c.In("i.user_id", f.UserIDs)
	switch {
	case f.Visible.All:
	case f.Visible.None():
		c.Add("i.user_id = ?", f.Viewer)
	case f.ownElsewhere:
		visible, args := f.Visible.Condition("b.department_id")
		c.Add("("+visible+" OR i.user_id = ?)", append(args, f.Viewer)...)
	} // otherwise placementScope keeps to the visible departments, where every instruction shows
	return c
}

// instructionScope is placementScope joined with the instructions the viewer may see.
func instructionScope(f SchedulerFilter, deleted bool) *database.Where {
	c := placementScope(f, deleted)
	ic := instructionConditions(f, deleted)
	c.Add(ic.And(), ic.Args()...)
	return c
}
