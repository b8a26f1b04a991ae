package waterfall

import (
	"context"
	"time"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/commitment"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/bookings/worktime"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// Store starts, controls and reads offer waterfalls.
type Store struct{ DB *database.DB }

// waterfallRow is an offer waterfall as advancing and its controls read it.
type waterfallRow struct {
	ID              int64  `db:"id"`
	BookingID       int64  `db:"booking_id"`
	DepartmentID    int64  `db:"department_id"`
	BookingType     string `db:"type"`
	Direct          bool   `db:"direct"`
	Places          int    `db:"places"`
	OpenAtOnce      int    `db:"open_at_once"`
	LifetimeMinutes int    `db:"offer_lifetime_minutes"`
	State           string `db:"state"`
	Version         int    `db:"version"`
}

const waterfallColumns = `w.id, w.booking_id, b.department_id, b.type, b.direct, w.places, w.open_at_once,
	w.offer_lifetime_minutes, w.state, w.version FROM offer_waterfalls w JOIN bookings b ON b.id = w.booking_id`

// StartWaterfall writes a waterfall with its ranked candidates and makes its first offers, in one
// transaction; the candidates must be freelancers the booking's department may hire.
func (s *Store) StartWaterfall(ctx context.Context, b bookings.BookingRow, in NewWaterfall) (int64, error) {
	if err := in.check(b); err != nil {
		return 0, err
	}
	var id int64
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		if err := requireLivePlacements(ctx, tx, b.ID, in.PlacementIDs); err != nil {
			return err
		}
		if err := bookings.RequireHireable(ctx, tx, b.DepartmentID, in.UserIDs); err != nil {
			return err
		}
		if err := tx.Get(ctx, &id, `INSERT INTO offer_waterfalls (booking_id, places, open_at_once, offer_lifetime_minutes,
			created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			b.ID, in.Places, in.OpenAtOnce, in.OfferLifetimeMinutes, bookings.ActorID(ctx), tx.Now, tx.Now); err != nil {
			return err
		}
		if err := database.InsertMany(ctx, tx, "waterfall_placements", "waterfall_id, placement_id", len(in.PlacementIDs),
			func(i int) []any { return []any{id, in.PlacementIDs[i]} }); err != nil {
			return err
		}
		if err := database.InsertMany(ctx, tx, "waterfall_candidates", "waterfall_id, position, user_id", len(in.UserIDs),
			func(i int) []any { return []any{id, i + 1, in.UserIDs[i]} }); err != nil {
			return err
		}
		if err := recordWaterfall(ctx, tx, audit.Insert, b.ID, id, in); err != nil {
			return err
		}
		return advance(ctx, tx, id)
	})
	return id, err
}

// requireLivePlacements refuses ids unless each is a live placement of booking.
func requireLivePlacements(ctx context.Context, tx *database.Tx, booking int64, ids []int64) error {
	if len(ids) == 0 {
		return apperror.Field("placementIds", bookings.MsgPlacementsOfBooking)
	}
	marks, args := database.In(ids)
	var n int
	if err := tx.Get(ctx, &n, `SELECT COUNT(*) FROM placements WHERE deleted_at IS NULL AND booking_id = ? AND id IN (`+marks+`)`,
		append([]any{booking}, args...)...); err != nil {
		return err
	}
	if n != len(ids) {
		return apperror.Field("placementIds", bookings.MsgPlacementsOfBooking)
	}
	return nil
}

// recordWaterfall audits a change of waterfall id and emits its event, in tx.
func recordWaterfall(ctx context.Context, tx *database.Tx, action audit.Action, booking, id int64, row any) error {
	if err := audit.Record(ctx, tx, action, audit.SourceWaterfall, id, row); err != nil {
		return err
	}
	return bookings.Emit(ctx, tx, events.Event{Kind: events.WaterfallChanged, BookingID: booking,
		Payload: map[string]any{"waterfallId": id, "change": row}})
}

// lockWaterfall takes waterfall id's lock (so two advances of one waterfall take turns on every
// node) and reads it after the lock: a transaction that waited sees what the other committed.
func lockWaterfall(ctx context.Context, tx *database.Tx, id int64) (waterfallRow, error) {
	var w waterfallRow
	if err := database.NoRowsAs(bookings.LockRow(ctx, tx, "offer_waterfalls", id), apperror.NotFound(waterfallNoun)); err != nil {
		return w, err
	}
	err := tx.Get(ctx, &w, `SELECT `+waterfallColumns+` WHERE w.id = ?`, id)
	return w, database.NotFound(err, waterfallNoun)
}

// advance is the one way a waterfall moves on: it counts the accepted and open offers and offers
// to the next pending candidates, in rank order, up to the limits (toOffer). It runs in the
// transaction of whatever freed a place, so the answer and the next offer commit together.
func advance(ctx context.Context, tx *database.Tx, id int64) error {
	w, err := lockWaterfall(ctx, tx, id)
	if err != nil || (w.State != WaterfallRunning && w.State != WaterfallDone && w.State != WaterfallRanOut) {
		return err
	}
	placements, err := waterfallPlacements(ctx, tx, id)
	if err != nil {
		return err
	}
	count, err := candidateCounts(ctx, tx, id)
	if err != nil {
		return err
	}
	for free := toOffer(w.Places, w.OpenAtOnce, count[CandidateAccepted], count[CandidateOffered]); free > 0 && len(placements) > 0; {
		var next waterfallCandidate
		found, err := database.Found(tx.Get(ctx, &next, `SELECT id, user_id, state FROM waterfall_candidates
			WHERE waterfall_id = ? AND state = 'pending' ORDER BY position, id LIMIT 1`, id))
		if err != nil {
			return err
		}
		if !found {
			break
		}
		state, err := offerTo(ctx, tx, w, next, placements)
		if err != nil {
			return err
		}
		count[CandidatePending]--
		count[state]++
		if state == CandidateOffered {
			free--
		}
	}
	return settle(ctx, tx, w, len(placements), count)
}

// settle writes the state a waterfall that advanced now stands in (settledState): done when it
// filled, ran out when nobody is left to offer to, running again when a place was freed or
// candidates were added, stopped when none of its placements is left. Reaching done or ran out
// tells the booking's managers, once per time it gets there.
func settle(ctx context.Context, tx *database.Tx, w waterfallRow, livePlacements int, count map[string]int) error {
	state := settledState(w.Places, livePlacements, count)
	if state == w.State {
		return nil
	}
	if err := setWaterfallState(ctx, tx, w, state); err != nil {
		return err
	}
	kind, ok := map[string]events.Kind{WaterfallDone: events.WaterfallFilled, WaterfallRanOut: events.WaterfallRanOut}[state]
	if !ok {
		return nil
	}
	filled := count[CandidateAccepted]
	return bookings.Emit(ctx, tx, events.Event{Kind: kind, BookingID: w.BookingID, Payload: map[string]any{"waterfallId": w.ID,
		"places": w.Places, "filled": filled, "outcome": filledOf(filled, w.Places)}})
}

// setWaterfallState writes w's new state, audited, with its event.
func setWaterfallState(ctx context.Context, tx *database.Tx, w waterfallRow, state string) error {
	if _, err := tx.Exec(ctx, `UPDATE offer_waterfalls SET state = ?, updated_at = ?, version = version + 1 WHERE id = ?`,
		state, tx.Now, w.ID); err != nil {
		return err
	}
	return recordWaterfall(ctx, tx, audit.Update, w.BookingID, w.ID, map[string]any{"state": state, "version": w.Version + 1})
}

// waterfallCandidate is a candidate as advancing reads it.
type waterfallCandidate struct {
	ID     int64  `db:"id"`
	UserID int64  `db:"user_id"`
	State  string `db:"state"`
}

// candidateCounts counts waterfall id's candidates by state.
func candidateCounts(ctx context.Context, tx *database.Tx, id int64) (map[string]int, error) {
	var rows []struct {
		State string `db:"state"`
		N     int    `db:"n"`
	}
	err := tx.Select(ctx, &rows, `SELECT state, COUNT(*) AS n FROM waterfall_candidates WHERE waterfall_id = ? GROUP BY state`, id)
	count := map[string]int{}
	for _, r := range rows {
		count[r.State] = r.N
	}
	return count, err
}

// waterfallPlacements are the live placements waterfall id offers.
func waterfallPlacements(ctx context.Context, tx *database.Tx, id int64) ([]bookings.GrantPlacement, error) {
	var ps []bookings.GrantPlacement
	err := tx.Select(ctx, &ps, `SELECT p.id, p.booking_id, p.placement_template_id, p.start_at, p.end_at
		FROM waterfall_placements wp JOIN placements p ON p.id = wp.placement_id
		WHERE wp.waterfall_id = ? AND p.deleted_at IS NULL ORDER BY p.start_at, p.id`, id)
	return ps, err
}

// offerTo gives candidate c their turn: an instruction on each placement, to answer by now plus
// the offer's lifetime (answerByFor). A candidate the department may no longer hire, or
// instructed on one of the placements already (a grant), is skipped instead. It answers the
// candidate's new state.
func offerTo(ctx context.Context, tx *database.Tx, w waterfallRow, c waterfallCandidate, placements []bookings.GrantPlacement) (string, error) {
	ok, err := offerable(ctx, tx, w, c.UserID, placements)
	if err != nil {
		return "", err
	}
	state := CandidateSkipped
	if ok {
		state = CandidateOffered
		by := answerByFor(tx.Now, time.Duration(w.LifetimeMinutes)*time.Minute, placements)
		initial := status.Initial(status.BookingType(w.BookingType), w.Direct)
		for _, p := range placements {
			if err := offerPlacement(ctx, tx, w, p, c.UserID, initial, by); err != nil {
				return "", err
			}
		}
	}
	if err := setCandidate(ctx, tx, w, c, state); err != nil {
		return "", err
	}
	return state, nil
}

// offerable reports whether user may have an offer of w's placements now: hireable, not booked
// at the time of one of them (the overlap rule a grant of an offer applies, grantRefusal), and
// not instructed on one of them already.
func offerable(ctx context.Context, tx *database.Tx, w waterfallRow, user int64, placements []bookings.GrantPlacement) (bool, error) {
	hireable, err := access.HireableAmong(ctx, tx, w.DepartmentID, []int64{user})
	if err != nil || len(hireable) == 0 {
		return false, err
	}
	for _, p := range placements {
		f, err := commitment.ReadFacts(ctx, tx, commitment.Question{Ask: commitment.Offer, User: user,
			Start: p.StartAt, End: p.EndAt})
		if err != nil || commitment.Judge(commitment.Offer, worktime.Shift{Start: p.StartAt, End: p.EndAt}, f).Refused() {
			return false, err
		}
	}
	ids := make([]int64, len(placements))
	for i, p := range placements {
		ids[i] = p.ID
	}
	marks, args := database.In(ids)
	var instructed bool
	err = tx.Get(ctx, &instructed, `SELECT EXISTS (SELECT 1 FROM instructions WHERE user_id = ? AND deleted_at IS NULL
		AND placement_id IN (`+marks+`))`, append([]any{user}, args...)...)
	return !instructed, err
}

// offerPlacement is one instruction of an offer: the grant's insert and event, with its answer-by.
func offerPlacement(ctx context.Context, tx *database.Tx, w waterfallRow, p bookings.GrantPlacement, user int64, st status.State, answerBy time.Time) error {
	id, row, err := bookings.InsertInstruction(ctx, tx, bookings.NewInstruction{BookingID: w.BookingID, PlacementID: p.ID, UserID: user,
		TemplateID: p.TemplateID, State: st, Direct: w.Direct, AnswerBy: &answerBy})
	if err != nil || id == 0 {
		return err
	}
	row["waterfallId"] = w.ID
	return bookings.Emit(ctx, tx, events.Event{Kind: events.InstructionGranted, BookingID: w.BookingID, PlacementID: p.ID,
		InstructionID: id, UserID: user, Payload: row})
}

// setCandidate moves candidate c to state, audited as a change of the waterfall. The update is
// conditional on the state read, so a candidate is never moved twice from one state.
func setCandidate(ctx context.Context, tx *database.Tx, w waterfallRow, c waterfallCandidate, state string) error {
	at := "answered_at"
	if c.State == CandidatePending {
		at = "offered_at"
	}
	n, err := tx.Exec(ctx, `UPDATE waterfall_candidates SET state = ?, `+at+` = ? WHERE id = ? AND state = ?`,
		state, tx.Now, c.ID, c.State)
	if err != nil {
		return err
	}
	if n == 0 {
		return apperror.Conflict(MsgWaterfallStale)
	}
	return audit.Record(ctx, tx, audit.Update, audit.SourceWaterfall, w.ID,
		map[string]any{"userId": c.UserID, "candidateState": state})
}

// Offer in turn registers with every status write: an answer that frees or fills a waterfall's
// place moves the waterfall in the write's transaction.
func init() { bookings.AfterStatusChange(turnsHook) }

// turnsHook is offer in turn's part in a status write of t: before it, the turns t belongs to
// and their waterfalls' locks (turnsOf); after it, the candidates settled (afterAnswer).
func turnsHook(ctx context.Context, tx *database.Tx, t bookings.Target) (func() error, error) {
	turns, err := turnsOf(ctx, tx, t.PlacementID, t.UserID)
	if err != nil || len(turns) == 0 {
		return nil, err
	}
	return func() error { return afterAnswer(ctx, tx, turns) }, nil
}

// turn is a candidate's turn in a waterfall whose offer holds an instruction being written.
type turn struct {
	waterfallCandidate
	WaterfallID int64 `db:"waterfall_id"`
}

// turnsOf finds the turns user's instruction on placement belongs to (their candidate offered or
// accepted in a waterfall of that placement) and takes those waterfalls' locks. Every status
// write runs it (turnsHook) before it writes the instruction, so every write of a waterfall's instructions takes the
// waterfall's lock before the instruction's, as stop and resume do: on PostgreSQL a decline and
// a stop never wait for each other's locks in opposite orders.
func turnsOf(ctx context.Context, tx *database.Tx, placement, user int64) ([]turn, error) {
	var ts []turn
	if err := tx.Select(ctx, &ts, `SELECT c.id, c.user_id, c.state, c.waterfall_id FROM waterfall_candidates c
		JOIN waterfall_placements wp ON wp.waterfall_id = c.waterfall_id
		WHERE wp.placement_id = ? AND c.user_id = ? AND c.state IN ('offered', 'accepted')
		ORDER BY c.waterfall_id`, placement, user); err != nil {
		return nil, err
	}
	for _, t := range ts {
		if err := bookings.LockRow(ctx, tx, "offer_waterfalls", t.WaterfallID); err != nil {
			return nil, err
		}
	}
	return ts, nil
}

// afterAnswer is turnsHook's second part, after the write: each turn the written instruction belongs
// to (turnsOf) takes the candidate's new state, and a waterfall whose candidate moved advances,
// in the same transaction.
func afterAnswer(ctx context.Context, tx *database.Tx, turns []turn) error {
	for _, c := range turns {
		w, err := lockWaterfall(ctx, tx, c.WaterfallID)
		if err != nil {
			return err
		}
		// Read again under the lock: another answer of this freelancer may have moved them.
		if err := tx.Get(ctx, &c.State, `SELECT state FROM waterfall_candidates WHERE id = ?`, c.ID); err != nil {
			return err
		}
		if c.State != CandidateOffered && c.State != CandidateAccepted {
			continue
		}
		var parts []offerPart
		if err := tx.Select(ctx, &parts, `SELECT i.supplier_status, i.client_status, i.cancellation_reason
			FROM instructions i JOIN waterfall_placements wp ON wp.placement_id = i.placement_id AND wp.waterfall_id = ?
			JOIN placements p ON p.id = i.placement_id
			WHERE i.user_id = ? AND i.deleted_at IS NULL AND p.deleted_at IS NULL`, w.ID, c.UserID); err != nil {
			return err
		}
		state := candidateState(parts)
		if state == c.State {
			continue
		}
		if err := setCandidate(ctx, tx, w, c.waterfallCandidate, state); err != nil {
			return err
		}
		// What follows, Hive does in turn for the candidate's answer, and says so.
		ctx := events.InTurn(ctx, events.Cause{UserID: c.UserID, Answer: state})
		if state != CandidateAccepted && state != CandidateOffered {
			// Their turn ended on one placement: the rest of the offer goes with it.
			if err := withdrawOffers(ctx, tx, w.ID, c.UserID, MsgWaterfallTurnEnded); err != nil {
				return err
			}
		}
		if err := advance(ctx, tx, w.ID); err != nil {
			return err
		}
	}
	return nil
}

// Advance moves waterfall id on in a transaction of its own, as each node's answer or expiry
// does (advance).
func Advance(ctx context.Context, db *database.DB, id int64) error {
	return db.InTx(ctx, func(tx *database.Tx) error { return advance(ctx, tx, id) })
}
