package bookings

import (
	"context"
	"slices"
	"time"

	"github.com/hive/hive/internal/bookings/bookingrules"
	"github.com/hive/hive/internal/bookings/worktime"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/input"
)

// commitment is time [start, end) a freelancer would give to an accepted instruction: except is
// that instruction (0 before it exists), left out of their other work; booking is the booking
// whose entity's limits apply (0: the booking of except).
type commitment struct {
	user, except, booking int64
	start, end            time.Time
}

// refusedCommitment is the one rule for giving a freelancer's time [start, end) to an accepted
// instruction (an accept, a grant that starts accepted, a hold confirmed, a substitute who starts
// accepted, an accepted placement's new times): the reason it is refused, or "" when it may go
// ahead. except is the instruction being accepted, left out of the freelancer's other work; its
// booking's entity sets the working-time limits. The caller holds the freelancer's lock
// (lockUser), so two commitments of one freelancer take turns.
func refusedCommitment(ctx context.Context, tx *database.Tx, user, except int64, start, end time.Time) (string, error) {
	return commitment{user: user, except: except, start: start, end: end}.refused(ctx, tx)
}

// refused is refusedCommitment's rule: an overlap always refuses; too little rest refuses
// unless a manager recorded an override for the instruction.
func (c commitment) refused(ctx context.Context, tx *database.Tx) (string, error) {
	clash, err := overlaps(ctx, tx, c.user, c.except, c.start, c.end)
	if err != nil || clash {
		return refusal(clash, MsgOverlap), err
	}
	if c.except != 0 {
		overridden, err := hasRestOverride(ctx, tx, c.except)
		if err != nil || overridden {
			return "", err
		}
	}
	if c.booking == 0 && c.except != 0 {
		if err := tx.Get(ctx, &c.booking, `SELECT booking_id FROM instructions WHERE id = ?`, c.except); err != nil {
			return "", err
		}
	}
	limits, err := limitsOfBooking(ctx, tx, c.booking)
	if err != nil {
		return "", err
	}
	lo, hi := lookAround(limits, c.start, c.end)
	work, err := acceptedShifts(ctx, tx, `i.user_id = ?`, []any{c.user}, c.except, lo, hi)
	if err != nil {
		return "", err
	}
	w, ok := work[c.user]
	if !ok { // no other accepted work near: nothing to rest from
		return "", nil
	}
	if b := worktime.Check(w.shifts(0), worktime.Shift{Start: c.start, End: c.end}, limits, w.zone); b != nil {
		return b.Message(w.zone), nil
	}
	return "", nil
}

func refusal(refused bool, msg string) string {
	if refused {
		return msg
	}
	return ""
}

// limitsOfBooking is the working-time limits of the entity whose department holds booking (the
// defaults for booking 0).
func limitsOfBooking(ctx context.Context, q database.Reader, booking int64) (worktime.Limits, error) {
	if booking == 0 {
		return bookingrules.Defaults.Limits(), nil
	}
	var entity int64
	if err := q.Get(ctx, &entity, `SELECT d.client_id FROM bookings b JOIN departments d ON d.id = b.department_id
		WHERE b.id = ?`, booking); err != nil {
		return worktime.Limits{}, database.NotFound(err, "Booking")
	}
	r, err := bookingrules.For(ctx, q, entity)
	return r.Limits(), err
}

// lookAround is the instants around [start, end) whose work can take part in a breach: a run of
// MaxDaysInRow+1 days, each day's work (at most maxPlacementSpan) less than WeeklyRest from the
// next, on either side; the daily rest, at most a day, is well inside it.
func lookAround(l worktime.Limits, start, end time.Time) (time.Time, time.Time) {
	margin := time.Duration(l.MaxDaysInRow+1) * (maxPlacementSpan + max(l.WeeklyRest, l.DailyRest))
	return start.Add(-margin), end.Add(margin)
}

// restShift is one accepted placement of a freelancer, as the rest rule sees it.
type restShift struct {
	worktime.Shift
	placement int64
}

// workOf is a freelancer's accepted work near a candidate, and their zone.
type workOf struct {
	zone *time.Location
	work []restShift
}

// shifts is the work as worktime shifts, without placement skip (a candidate placement is not
// its own neighbour).
func (w workOf) shifts(skip int64) []worktime.Shift {
	out := make([]worktime.Shift, 0, len(w.work))
	for _, s := range w.work {
		if s.placement != skip {
			out = append(out, s.Shift)
		}
	}
	return out
}

// acceptedWork is the rule, in SQL on instructions i and their placements p, for the work that
// commits a freelancer's time: a live instruction they accepted, on a live placement, that the
// client neither cancelled nor rejected. The overlap check and the rest rule both read it.
const acceptedWork = `i.deleted_at IS NULL AND p.deleted_at IS NULL AND i.supplier_status = 'accepted'
	AND i.client_status NOT IN ('cancelled', 'rejected')`

// acceptedShifts reads, in one query, the accepted work (acceptedWork) starting in [lo, hi) of
// the users that who (SQL on i.user_id, with its args) selects, by user with their zone (their
// profile's), leaving out instruction except. It reads each instruction's copy of its placement's
// start (migration 00012), so the range is one index's.
func acceptedShifts(ctx context.Context, q database.Reader, who string, args []any, except int64, lo, hi time.Time) (map[int64]workOf, error) {
	var rows []struct {
		UserID         int64     `db:"user_id"`
		Timezone       string    `db:"timezone"`
		PlacementID    int64     `db:"placement_id"`
		StartAt        time.Time `db:"start_at"`
		EndAt          time.Time `db:"end_at"`
		BookingTitle   string    `db:"booking_title"`
		PlacementTitle string    `db:"placement_title"`
	}
	err := q.Select(ctx, &rows, `SELECT i.user_id, u.timezone, p.id AS placement_id, p.start_at, p.end_at,
		b.title AS booking_title, p.title AS placement_title
		FROM instructions i JOIN placements p ON p.id = i.placement_id JOIN bookings b ON b.id = i.booking_id
		JOIN users u ON u.id = i.user_id
		WHERE `+who+` AND i.id <> ? AND `+holdsTime("i")+` AND `+acceptedWork+`
		AND i.placement_start_at >= ? AND i.placement_start_at < ?
		ORDER BY i.user_id, p.start_at, p.id`, append(slices.Clone(args), except, lo.Add(-maxPlacementSpan), hi)...)
	if err != nil {
		return nil, err
	}
	out := map[int64]workOf{}
	for _, r := range rows {
		w, ok := out[r.UserID]
		if !ok {
			if w.zone, err = input.Zone(r.Timezone); err != nil {
				w.zone = time.UTC // a profile's zone is checked when saved; an odd old one counts in UTC
			}
		}
		w.work = append(w.work, restShift{Shift: worktime.Shift{Start: r.StartAt, End: r.EndAt,
			Job: jobName(r.BookingTitle, r.PlacementTitle)}, placement: r.PlacementID})
		out[r.UserID] = w
	}
	return out, nil
}

// jobName names a placement in a breach's message: its booking, and its own title when that
// says more ("Cup Final (Camera Operator)").
func jobName(booking, placement string) string {
	if placement == "" || placement == booking {
		return booking
	}
	return booking + " (" + placement + ")"
}

// hasRestOverride reports whether a manager recorded a working-time override for instruction.
func hasRestOverride(ctx context.Context, q database.Reader, instruction int64) (bool, error) {
	var found bool
	err := q.Get(ctx, &found, `SELECT EXISTS (SELECT 1 FROM working_time_overrides WHERE instruction_id = ?)`, instruction)
	return found, err
}
