package commitment

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

// Question is one commitment to judge: ask for user's time [Start, End). Except is the
// instruction being accepted (0 before it exists), left out of their other work, whose override
// counts; Booking is the booking whose entity's limits apply (0: the booking of Except). Subject
// names the freelancer in an overlap's refusal ("Ada Lovelace is"); empty, the reader is spoken
// to as overlapSubject says.
type Question struct {
	Ask                   Ask
	User, Except, Booking int64
	Start, End            time.Time
	Subject               string
}

// Refusal is the rule's answer to a question, worded for the signed-in user of ctx: the reason
// it is refused ("" when it may go ahead), and whether for an overlap. The caller holds the
// freelancer's lock, so two commitments of one freelancer take turns.
func Refusal(ctx context.Context, q database.Reader, c Question) (reason string, overlap bool, err error) {
	f, err := ReadFacts(ctx, q, c)
	if err != nil {
		return "", false, err
	}
	v := Judge(c.Ask, worktime.Shift{Start: c.Start, End: c.End}, f)
	if !v.Refused() {
		return "", false, nil
	}
	reader := access.BookingReaderOf(auth.FromContext(ctx))
	with := v.Overlap
	if with == nil {
		with = &v.Breach.With
	}
	if err := NameJobs(ctx, q, reader, []InTheWay{{User: c.User, Shift: with}}); err != nil {
		return "", false, err
	}
	subject := c.Subject
	if subject == "" {
		subject = overlapSubject(reader, c.User)
	}
	return v.Reason(subject, f.Zone), v.Overlap != nil, nil
}

// overlapSubject is who an overlap's refusal speaks of: the freelancer themself when they read
// it ("You are"), else "This freelancer is".
func overlapSubject(reader access.BookingReader, user int64) string {
	if reader.Own(user) {
		return "You are"
	}
	return "This freelancer is"
}

// ReadFacts reads what Judge needs to answer c, and no more: the overlap for any ask but a
// pencil; the override, the limits, the work near and the zone only when the rest is judged
// (RestJudged) and there is work near to rest from.
func ReadFacts(ctx context.Context, q database.Reader, c Question) (Facts, error) {
	f := Facts{Zone: time.UTC}
	if c.Ask == Pencil {
		return f, nil
	}
	var err error
	if f.Overlap, err = overlapping(ctx, q, c.User, c.Except, c.Start, c.End); err != nil {
		return f, err
	}
	if f.Overlap != nil {
		f.Zone, err = zoneOfUser(ctx, q, c.User)
		return f, err
	}
	if c.Ask == Accept && c.Except != 0 {
		if f.Overridden, err = hasRestOverride(ctx, q, c.Except); err != nil {
			return f, err
		}
	}
	if !RestJudged(c.Ask, f) {
		return f, nil
	}
	booking := c.Booking
	if booking == 0 && c.Except != 0 {
		if err := q.Get(ctx, &booking, `SELECT booking_id FROM instructions WHERE id = ?`, c.Except); err != nil {
			return f, err
		}
	}
	if f.Limits, err = LimitsOfBooking(ctx, q, booking); err != nil {
		return f, err
	}
	lo, hi := LookAround(f.Limits, c.Start, c.End)
	work, err := AcceptedShifts(ctx, q, `i.user_id = ?`, []any{c.User}, c.Except, lo, hi)
	if err != nil || len(work[c.User]) == 0 { // no other accepted work near: nothing to rest from
		return f, err
	}
	f.Work = ShiftsBut(work[c.User], 0)
	f.Zone, err = zoneOfUser(ctx, q, c.User)
	return f, err
}

// HoldsTime is the rule, in SQL on the instructions aliased a, for a live instruction that holds
// its freelancer's time: the supplier accepted or has not answered yet, and the client neither
// rejected nor cancelled it. Available suppliers, search and substitutes read it. The partial
// index instructions_held_near (migration 00062) repeats it with these literals, so they change
// together (the planners use the index only for queries whose conditions imply its own).
func HoldsTime(a string) string {
	return a + `.deleted_at IS NULL AND ` + a + `.supplier_status IN ('` + string(status.Accepted) + `', '` +
		string(status.Awaiting) + `') AND ` + a + `.client_status NOT IN ('` + string(status.Rejected) + `', '` +
		string(status.Cancelled) + `')`
}

// AcceptedInstruction is the rule, in SQL on the instructions aliased a, for an instruction that
// commits its freelancer's time: live, accepted on the supplier side, neither cancelled nor
// rejected by the client (HoldsTime, narrowed to accepted, so its partial index serves it), and
// not a hold (a pencil takes no time until it is confirmed into an offer).
func AcceptedInstruction(a string) string {
	return HoldsTime(a) + ` AND ` + CommitsTime(a)
}

// CommitsTime is what narrows an instruction that holds time (HoldsTime) to one that commits it
// (AcceptedInstruction): accepted on the supplier side and not a hold. A read of every
// time-holding instruction tells the committed ones apart with it.
func CommitsTime(a string) string {
	return a + `.supplier_status = '` + string(status.Accepted) + `' AND ` + a + `.kind <> '` + KindHold + `'`
}

// WorkPairs is the SQL aggregate of the instructions aliased a (in a group of one period) as
// AddWork parses it: "user:placement" pairs joined with commas, in the order read.
func WorkPairs(a string) string {
	return `string_agg(CAST(` + a + `.user_id AS TEXT) || ':' || CAST(` + a + `.placement_id AS TEXT), ',')`
}

// AddWork adds to out, per user, the accepted work of one period [start, end) from its
// WorkPairs aggregate (empty: none).
func AddWork(out map[int64][]Placed, start, end time.Time, work string) error {
	return EachWorkPair(work, func(user, placement int64, job string) {
		out[user] = append(out[user], Placed{Shift: worktime.Shift{Start: start, End: end, Job: job}, Placement: placement})
	})
}

// EachWorkPair calls fn with each pair of a WorkPairs aggregate (empty: none): the user, and the
// placement as its id and as its text (a shift's Job until NameJobs names it).
func EachWorkPair(work string, fn func(user, placement int64, job string)) error {
	if work == "" {
		return nil
	}
	for pair := range strings.SplitSeq(work, ",") {
		user, placement, _ := strings.Cut(pair, ":")
		u, err1 := strconv.ParseInt(user, 10, 64)
		p, err2 := strconv.ParseInt(placement, 10, 64)
		if err := cmp.Or(err1, err2); err != nil {
			return err
		}
		fn(u, p, placement)
	}
	return nil
}

// acceptedWork is AcceptedInstruction on instructions i, on a live placement p: the overlap
// check reads it. Cancelling a placement deletes its instructions too, so the rest rule's bulk
// read, which reads the instruction's copy of its placement's period, needs no join.
var acceptedWork = AcceptedInstruction("i") + ` AND p.deleted_at IS NULL`

// overlapping is user's first other accepted work (acceptedWork, leaving out instruction except)
// overlapping [start, end), as a shift whose Job is its placement's id for NameJobs; nil when
// there is none.
func overlapping(ctx context.Context, q database.Reader, user, except int64, start, end time.Time) (*worktime.Shift, error) {
	var rows []struct {
		ID      int64     `db:"id"`
		StartAt time.Time `db:"start_at"`
		EndAt   time.Time `db:"end_at"`
	}
	if err := q.Select(ctx, &rows, `SELECT p.id, p.start_at, p.end_at FROM instructions i JOIN placements p ON p.id = i.placement_id
		WHERE i.user_id = ? AND i.id <> ? AND `+acceptedWork+` AND p.start_at < ? AND p.end_at > ?
		ORDER BY p.start_at, p.id LIMIT 1`, user, except, end, start); err != nil || len(rows) == 0 {
		return nil, err
	}
	r := rows[0]
	return &worktime.Shift{Start: r.StartAt, End: r.EndAt, Job: strconv.FormatInt(r.ID, 10)}, nil
}

// AcceptedShifts reads, in one query, the accepted work (AcceptedInstruction) starting in
// [lo - MaxPlacementSpan, hi) of the users that who (SQL on i.user_id, with its args) selects,
// by user in order of start, leaving out instruction except. It reads each instruction's copy of
// its placement's period (migration 00012): by the user's index when who names one, else one
// range of the period index. Placements mostly share a few periods (a day's usual hours), so the
// work comes back as a row per period with its users and placements: a bulk read moves a few
// hundred rows instead of tens of thousands, whose fetching and time parsing cost more than the
// scan.
func AcceptedShifts(ctx context.Context, q database.Reader, who string, args []any, except int64, lo, hi time.Time) (map[int64][]Placed, error) {
	var rows []struct {
		StartAt time.Time `db:"placement_start_at"`
		EndAt   time.Time `db:"placement_end_at"`
		Work    string    `db:"work"`
	}
	err := q.Select(ctx, &rows, AcceptedShiftsSQL(who),
		append(slices.Clone(args), except, lo.Add(-MaxPlacementSpan), hi)...)
	if err != nil {
		return nil, err
	}
	out := map[int64][]Placed{}
	for _, r := range rows {
		if err := AddWork(out, r.StartAt, r.EndAt, r.Work); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// AcceptedShiftsSQL is AcceptedShifts' query; its arguments are who's, then the instruction left
// out and the range of starts. Each column it names is in the index instructions_accepted_period
// (migration 00039), so on SQLite it reads that index alone (TestAcceptedShiftsReadTheIndexAlone),
// in the index's order, which is the grouping's. Each row is a period and its "user:placement"
// pairs, joined with commas (in the order read: by user, then placement).
func AcceptedShiftsSQL(who string) string {
	return `SELECT i.placement_start_at, i.placement_end_at, ` + WorkPairs("i") + ` AS work
		FROM instructions i WHERE ` + who + ` AND i.id <> ? AND ` + AcceptedInstruction("i") + `
		AND i.placement_start_at >= ? AND i.placement_start_at < ?
		GROUP BY i.placement_start_at, i.placement_end_at ORDER BY i.placement_start_at, i.placement_end_at`
}

// hasRestOverride reports whether a manager recorded a working-time override for instruction.
func hasRestOverride(ctx context.Context, q database.Reader, instruction int64) (bool, error) {
	var found bool
	err := q.Get(ctx, &found, `SELECT EXISTS (SELECT 1 FROM working_time_overrides WHERE instruction_id = ?)`, instruction)
	return found, err
}

// LimitsOfBooking is the working-time limits of the entity whose department holds booking (the
// defaults for booking 0).
func LimitsOfBooking(ctx context.Context, q database.Reader, booking int64) (worktime.Limits, error) {
	r, err := RulesOfBooking(ctx, q, booking)
	return r.Limits(), err
}

// RulesOfBooking is the booking rules (bookingrules.For) of the client entity whose department
// holds booking; the defaults for booking 0. The rule reads its limits, and so can the holds'
// challenges and the answer-by reminders, which belong to a booking too.
func RulesOfBooking(ctx context.Context, q database.Reader, booking int64) (bookingrules.Rules, error) {
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

// ZoneOf is a profile's time zone; a zone is checked when saved, so an odd old one counts in UTC.
func ZoneOf(name string) *time.Location {
	if loc, err := input.Zone(name); err == nil {
		return loc
	}
	return time.UTC
}

// ZonesOf reads the profile zones of users, in one query.
func ZonesOf(ctx context.Context, q database.Reader, users []int64) (map[int64]*time.Location, error) {
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
		out[r.ID] = ZoneOf(r.Timezone)
	}
	return out, nil
}

// zoneOfUser is user's profile zone (ZoneOf), UTC when there is no such user.
func zoneOfUser(ctx context.Context, q database.Reader, user int64) (*time.Location, error) {
	zones, err := ZonesOf(ctx, q, []int64{user})
	if err != nil {
		return nil, err
	}
	if zone := zones[user]; zone != nil {
		return zone, nil
	}
	return time.UTC, nil
}
