package bookings

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hive/hive/internal/bookings/bookingrules"
	"github.com/hive/hive/internal/bookings/status"
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
	if err != nil || len(work[c.user]) == 0 { // no other accepted work near: nothing to rest from
		return "", err
	}
	zones, err := zonesOf(ctx, tx, []int64{c.user})
	if err != nil {
		return "", err
	}
	zone := zones[c.user]
	if zone == nil {
		zone = time.UTC
	}
	b := worktime.Check(shiftsBut(work[c.user], 0), worktime.Shift{Start: c.start, End: c.end}, limits, zone)
	if b == nil {
		return "", nil
	}
	if err := nameJobs(ctx, tx, []*worktime.Breach{b}); err != nil {
		return "", err
	}
	return b.Message(zone), nil
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

// nameJobs replaces the placement id each breach's shift in the way carries (restShift) with the
// job's name, reading the names of those placements only, in one query.
func nameJobs(ctx context.Context, q database.Reader, breaches []*worktime.Breach) error {
	ids := make([]int64, 0, len(breaches))
	for _, b := range breaches {
		id, err := strconv.ParseInt(b.With.Job, 10, 64)
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
	}
	if err := q.Select(ctx, &rows, `SELECT p.id, b.title AS booking_title, p.title AS placement_title
		FROM placements p JOIN bookings b ON b.id = p.booking_id WHERE p.id IN (`+marks+`)`, args...); err != nil {
		return err
	}
	names := make(map[string]string, len(rows))
	for _, r := range rows {
		names[strconv.FormatInt(r.ID, 10)] = jobName(r.BookingTitle, r.PlacementTitle)
	}
	for _, b := range breaches {
		b.With.Job = names[b.With.Job]
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
