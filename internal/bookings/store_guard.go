package bookings

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/bookings/bookingrules"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/bookings/worktime"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/input"
)

// commitment is time [start, end) a freelancer would give to an accepted instruction: except is
// that instruction (0 before it exists), left out of their other work; booking is the booking
// whose entity's limits apply (0: the booking of except). subject names the freelancer in an
// overlap's refusal ("Ada Lovelace is"); empty, the reader is spoken to as the rule's default
// says (overlapSubject).
type commitment struct {
	user, except, booking int64
	start, end            time.Time
	subject               string
}

// refusedCommitment is the one rule for giving a freelancer's time [start, end) to an accepted
// instruction (an accept, a grant that starts accepted, a hold confirmed, a substitute who starts
// accepted, an accepted placement's new times): the reason it is refused, or "" when it may go
// ahead. except is the instruction being accepted, left out of the freelancer's other work; its
// booking's entity sets the working-time limits. The caller holds the freelancer's lock
// (lockUser), so two commitments of one freelancer take turns. The reason names the work in the
// way only to a reader who may see it (nameJobs).
func refusedCommitment(ctx context.Context, tx *database.Tx, user, except int64, start, end time.Time) (string, error) {
	return commitment{user: user, except: except, start: start, end: end}.refused(ctx, tx)
}

// refused is refusedCommitment's rule (verdict), its reason only.
func (c commitment) refused(ctx context.Context, tx *database.Tx) (string, error) {
	reason, _, err := c.verdict(ctx, tx)
	return reason, err
}

// verdict is the rule: an overlap always refuses (overlap true, the reason naming the work in
// the way and its times: booked); too little rest refuses unless a manager recorded an override
// for the instruction.
func (c commitment) verdict(ctx context.Context, tx *database.Tx) (reason string, overlap bool, err error) {
	if reason, err := c.booked(ctx, tx); err != nil || reason != "" {
		return reason, reason != "", err
	}
	if c.except != 0 {
		overridden, err := hasRestOverride(ctx, tx, c.except)
		if err != nil || overridden {
			return "", false, err
		}
	}
	if c.booking == 0 && c.except != 0 {
		if err := tx.Get(ctx, &c.booking, `SELECT booking_id FROM instructions WHERE id = ?`, c.except); err != nil {
			return "", false, err
		}
	}
	limits, err := limitsOfBooking(ctx, tx, c.booking)
	if err != nil {
		return "", false, err
	}
	lo, hi := lookAround(limits, c.start, c.end)
	work, err := acceptedShifts(ctx, tx, `i.user_id = ?`, []any{c.user}, c.except, lo, hi)
	if err != nil || len(work[c.user]) == 0 { // no other accepted work near: nothing to rest from
		return "", false, err
	}
	zone, err := zoneOfUser(ctx, tx, c.user)
	if err != nil {
		return "", false, err
	}
	b := worktime.Check(shiftsBut(work[c.user], 0), worktime.Shift{Start: c.start, End: c.end}, limits, zone)
	if b == nil {
		return "", false, nil
	}
	if err := nameJobs(ctx, tx, auth.FromContext(ctx), []inTheWay{{user: c.user, shift: &b.With}}); err != nil {
		return "", false, err
	}
	return b.Message(zone), false, nil
}

// booked is the overlap rule alone: the reason the freelancer's other accepted work overlapping
// the commitment refuses it (MsgBooked, the work named for the reader, the signed-in user of
// ctx), or "" when there is none.
// A grant runs it for every offer: an offer the freelancer could not accept is not sent.
func (c commitment) booked(ctx context.Context, tx *database.Tx) (string, error) {
	clash, err := overlapping(ctx, tx, c.user, c.except, c.start, c.end)
	if err != nil || clash == nil {
		return "", err
	}
	if err := nameJobs(ctx, tx, auth.FromContext(ctx), []inTheWay{{user: c.user, shift: clash}}); err != nil {
		return "", err
	}
	zone, err := zoneOfUser(ctx, tx, c.user)
	if err != nil {
		return "", err
	}
	subject := c.subject
	if subject == "" {
		subject = overlapSubject(auth.FromContext(ctx), c.user)
	}
	return MsgBooked(subject, *clash, zone), nil
}

// overlapSubject is who an overlap's refusal speaks of: the freelancer themself when they read
// it ("You are"), else "This freelancer is".
func overlapSubject(reader *auth.Principal, user int64) string {
	if reader != nil && reader.UserID == user {
		return "You are"
	}
	return "This freelancer is"
}

// zoneOfUser is user's profile zone (zoneOf), UTC when there is no such user.
func zoneOfUser(ctx context.Context, q database.Reader, user int64) (*time.Location, error) {
	zones, err := zonesOf(ctx, q, []int64{user})
	if err != nil {
		return nil, err
	}
	if zone := zones[user]; zone != nil {
		return zone, nil
	}
	return time.UTC, nil
}

// limitsOfBooking is the working-time limits of the entity whose department holds booking (the
// defaults for booking 0).
func limitsOfBooking(ctx context.Context, q database.Reader, booking int64) (worktime.Limits, error) {
	r, err := rulesOfBooking(ctx, q, booking)
	return r.Limits(), err
}

// rulesOfBooking is the booking rules (bookingrules.For) of the client entity whose department
// holds booking; the defaults for booking 0. The working-time guard reads it, and so can the
// holds' challenges and the answer-by reminders, which belong to a booking too.
func rulesOfBooking(ctx context.Context, q database.Reader, booking int64) (bookingrules.Rules, error) {
	if booking == 0 {
		return bookingrules.Defaults, nil
	}
	var entity int64
	if err := q.Get(ctx, &entity, `SELECT d.client_id FROM bookings b JOIN departments d ON d.id = b.department_id
		WHERE b.id = ?`, booking); err != nil {
		return bookingrules.Rules{}, database.NotFound(err, "Booking")
	}
	return bookingrules.For(ctx, q, entity)
}

// lookAround is the instants around [start, end) whose work can take part in a breach: a run of
// MaxDaysInRow+1 days on either side. With a weekly rest of at most a day, a run cannot skip a
// calendar day, so it lies within MaxDaysInRow+1 days (and a placement's span); a longer weekly
// rest lets each step of the run reach a placement's span plus that rest further. The daily rest,
// at most a day, is inside either.
func lookAround(l worktime.Limits, start, end time.Time) (time.Time, time.Time) {
	step := maxPlacementSpan + l.WeeklyRest
	if l.WeeklyRest <= 24*time.Hour {
		step = 24 * time.Hour
	}
	margin := time.Duration(l.MaxDaysInRow+1)*step + maxPlacementSpan
	return start.Add(-margin), end.Add(margin)
}

// restShift is one accepted placement of a freelancer, as the rest rule sees it. Its Job holds
// the placement's id until a breach names it (nameJobs): only the job in the way needs a name,
// so the bulk read of everyone's work stays one index range without joins.
type restShift struct {
	worktime.Shift
	placement int64
}

// shiftsBut is the work as worktime shifts, without placement skip (a candidate placement is not
// its own neighbour).
func shiftsBut(work []restShift, skip int64) []worktime.Shift {
	out := make([]worktime.Shift, 0, len(work))
	for _, s := range work {
		if s.placement != skip {
			out = append(out, s.Shift)
		}
	}
	return out
}

// acceptedInstruction is the rule, in SQL on the instructions aliased a, for an instruction that
// commits its freelancer's time: live, accepted on the supplier side, neither cancelled nor
// rejected by the client (holdsTime, narrowed to accepted, so its partial index serves it), and
// not a hold (a pencil takes no time until it is confirmed into an offer).
func acceptedInstruction(a string) string {
	return holdsTime(a) + ` AND ` + a + `.supplier_status = '` + string(status.Accepted) + `' AND ` + a +
		`.kind <> '` + KindHold + `'`
}

// acceptedWork is acceptedInstruction on instructions i, on a live placement p: the overlap check
// reads it. Cancelling a placement deletes its instructions too (CancelPlacements), so the rest
// rule's bulk read, which reads the instruction's copy of its placement's period, needs no join.
var acceptedWork = acceptedInstruction("i") + ` AND p.deleted_at IS NULL`

// acceptedShifts reads, in one query, the accepted work (acceptedInstruction) starting in
// [lo, hi) of the users that who (SQL on i.user_id, with its args) selects, by user in order of
// start, leaving out instruction except. It reads each instruction's copy of its placement's
// period (migration 00012): by the user's index when who names one, else one range of the period
// index. Placements mostly share a few periods (a day's usual hours), so the work comes back as
// a row per period with its users and placements: the bulk read of available suppliers moves a
// few hundred rows instead of tens of thousands, whose fetching and time parsing cost more than
// the scan.
func acceptedShifts(ctx context.Context, q database.Reader, who string, args []any, except int64, lo, hi time.Time) (map[int64][]restShift, error) {
	var rows []struct {
		StartAt time.Time `db:"placement_start_at"`
		EndAt   time.Time `db:"placement_end_at"`
		Work    string    `db:"work"`
	}
	err := q.Select(ctx, &rows, acceptedShiftsSQL(who),
		append(slices.Clone(args), except, lo.Add(-maxPlacementSpan), hi)...)
	if err != nil {
		return nil, err
	}
	out := map[int64][]restShift{}
	for _, r := range rows {
		for pair := range strings.SplitSeq(r.Work, ",") {
			user, placement, _ := strings.Cut(pair, ":")
			u, err1 := strconv.ParseInt(user, 10, 64)
			p, err2 := strconv.ParseInt(placement, 10, 64)
			if err := cmp.Or(err1, err2); err != nil {
				return nil, err
			}
			out[u] = append(out[u], restShift{Shift: worktime.Shift{Start: r.StartAt, End: r.EndAt, Job: placement},
				placement: p})
		}
	}
	return out, nil
}

// acceptedShiftsSQL is acceptedShifts' query; its arguments are who's, then the instruction left
// out and the range of starts. Each column it names is in the index instructions_accepted_period
// (migration 00039), so on SQLite it reads that index alone (TestAcceptedShiftsReadTheIndexAlone),
// in the index's order, which is the grouping's. Each row is a period and its "user:placement"
// pairs, joined with commas (in the order read: by user, then placement).
func acceptedShiftsSQL(who string) string {
	return `SELECT i.placement_start_at, i.placement_end_at,
		string_agg(CAST(i.user_id AS TEXT) || ':' || CAST(i.placement_id AS TEXT), ',') AS work
		FROM instructions i WHERE ` + who + ` AND i.id <> ? AND ` + acceptedInstruction("i") + `
		AND i.placement_start_at >= ? AND i.placement_start_at < ?
		GROUP BY i.placement_start_at, i.placement_end_at ORDER BY i.placement_start_at, i.placement_end_at`
}

// inTheWay is a shift of user's accepted work in the way of a commitment or a mark: a breach's
// With, or the work an overlap clashes with. Its Job holds the placement's id until nameJobs
// names it.
type inTheWay struct {
	user  int64
	shift *worktime.Shift
}

// anotherEngagement is what a message calls work whose booking its reader may not see: the
// sentence and the times stay, the job's name does not.
const anotherEngagement = "another engagement"

// nameJobs replaces the placement id each shift in the way carries with what the message's
// reader (the signed-in user who asked; nil, nobody, for the system's own work) may know of it:
// the job's
// name when they may see its booking (access.CanSeeBooking: its department's viewers, or the
// freelancer whose work it is), else anotherEngagement. So a manager who may hire a freelancer
// learns that they are busy and when, never for which other client. One query for all.
func nameJobs(ctx context.Context, q database.Reader, reader *auth.Principal, ways []inTheWay) error {
	ids := make([]int64, 0, len(ways))
	for _, w := range ways {
		id, err := strconv.ParseInt(w.shift.Job, 10, 64)
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
		j, own := jobs[w.shift.Job], reader != nil && reader.UserID == w.user
		w.shift.Job = anotherEngagement
		if j.name != "" && access.CanSeeBooking(reader, j.department, own) {
			w.shift.Job = j.name
		}
	}
	return nil
}

// jobName names a placement in a breach's message: its booking, and its own title when that
// says more ("Cup Final (Camera Operator)").
func jobName(booking, placement string) string {
	if placement == "" || placement == booking {
		return booking
	}
	return booking + " (" + placement + ")"
}

// zoneOf is a profile's time zone; a zone is checked when saved, so an odd old one counts in UTC.
func zoneOf(name string) *time.Location {
	if loc, err := input.Zone(name); err == nil {
		return loc
	}
	return time.UTC
}

// zonesOf reads the profile zones of users, in one query.
func zonesOf(ctx context.Context, q database.Reader, users []int64) (map[int64]*time.Location, error) {
	marks, args := database.In(users)
	var rows []struct {
		ID       int64  `db:"id"`
		Timezone string `db:"timezone"`
	}
	if err := q.Select(ctx, &rows, `SELECT id, timezone FROM users WHERE id IN (`+marks+`)`, args...); err != nil {
		return nil, err
	}
	out := make(map[int64]*time.Location, len(rows))
	for _, r := range rows {
		out[r.ID] = zoneOf(r.Timezone)
	}
	return out, nil
}

// hasRestOverride reports whether a manager recorded a working-time override for instruction.
func hasRestOverride(ctx context.Context, q database.Reader, instruction int64) (bool, error) {
	var found bool
	err := q.Get(ctx, &found, `SELECT EXISTS (SELECT 1 FROM working_time_overrides WHERE instruction_id = ?)`, instruction)
	return found, err
}
