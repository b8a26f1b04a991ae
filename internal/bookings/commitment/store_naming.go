package commitment

import (
	"context"
	"strconv"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/bookings/worktime"
	"github.com/hive/hive/internal/platform/database"
)

// InTheWay is a shift of User's accepted work in the way of a commitment or a mark: a breach's
// With, or the work an overlap clashes with. Its Job holds the placement's id until NameJobs
// names it.
type InTheWay struct {
	User  int64
	Shift *worktime.Shift
}

// OtherWork is what a message calls work whose booking its reader may not see: the
// sentence and the times stay, the job's name does not.
const OtherWork = "other work (busy)"

// NameJobs replaces the placement id each shift in the way carries with what the message's
// reader (access.BookingReaderOf the signed-in user who asked; the zero value, nobody, for the
// system's own work) may know of it: the job's name when they may see its booking
// (access.CanSeeBooking: its department's viewers, or the freelancer whose work it is), else
// OtherWork. So a manager who may hire a
// freelancer learns that they are busy and when, never for which other client. One query for all.
func NameJobs(ctx context.Context, q database.Reader, reader access.BookingReader, ways []InTheWay) error {
	ids := make([]int64, 0, len(ways))
	seen := make(map[string]bool, len(ways)) // many marks name the same work
	for _, w := range ways {
		if seen[w.Shift.Job] {
			continue
		}
		seen[w.Shift.Job] = true
		id, err := strconv.ParseInt(w.Shift.Job, 10, 64)
		if err != nil {
			return err
		}
		ids = append(ids, id)
	}
	if len(ids) == 0 {
		return nil
	}
	marks, args := database.In(ids)
	var rows []struct {
		ID             int64  `db:"id"`
		BookingTitle   string `db:"booking_title"`
		PlacementTitle string `db:"placement_title"`
		DepartmentID   int64  `db:"department_id"`
	}
	if err := q.Select(ctx, &rows, `SELECT p.id, b.title AS booking_title, p.title AS placement_title, b.department_id
		FROM placements p JOIN bookings b ON b.id = p.booking_id WHERE p.id IN (`+marks+`)`, args...); err != nil {
		return err
	}
	type job struct {
		name       string
		department int64
	}
	jobs := make(map[string]job, len(rows))
	for _, r := range rows {
		jobs[strconv.FormatInt(r.ID, 10)] = job{jobName(r.BookingTitle, r.PlacementTitle), r.DepartmentID}
	}
	for _, w := range ways {
		j := jobs[w.Shift.Job]
		w.Shift.Job = OtherWork
		if j.name != "" && reader.SeesBooking(j.department, reader.Own(w.User)) {
			w.Shift.Job = j.name
		}
	}
	return nil
}

// jobName names a placement in a message: its booking, and its own title when that says more
// ("Cup Final (Camera Operator)").
func jobName(booking, placement string) string {
	if placement == "" || placement == booking {
		return booking
	}
	return booking + " (" + placement + ")"
}
