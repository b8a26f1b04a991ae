package bookings

import (
	"context"
	"time"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// liveHoldSQL is liveHold in SQL on instructions a: a hold that is live (status.LiveSQL).
// Its literals are those of the instructions_holds index (migration 00037).
func liveHoldSQL(a string) string { return a + `.kind = '` + KindHold + `' AND ` + status.LiveSQL(a) }

// holdAboveSQL is the ranking rule, written once: h is a live hold of i's freelancer whose
// placement overlaps i's and that was placed before i (created_at, then id). It reads the
// copies of the placement's period every instruction carries (migration 00012).
func holdAboveSQL(h, i string) string {
	return h + `.user_id = ` + i + `.user_id AND ` + liveHoldSQL(h) + ` AND ` + h + `.placement_start_at < ` + i +
		`.placement_end_at AND ` + h + `.placement_end_at > ` + i + `.placement_start_at AND (` + h + `.created_at < ` + i +
		`.created_at OR (` + h + `.created_at = ` + i + `.created_at AND ` + h + `.id < ` + i + `.id))`
}

// HoldColumns are InstructionRow's hold facts of instructions i: its kind, its rank (holds
// above it counted, never named) and the deadlines of its open challenges either way. Offers,
// nearly every row, run none of the subqueries.
var HoldColumns = `i.kind, CASE WHEN i.kind = '` + KindHold + `' THEN 1 + (SELECT COUNT(*) FROM instructions h WHERE ` +
	holdAboveSQL("h", "i") + `) ELSE 0 END AS hold_rank,
	CASE WHEN i.kind = '` + KindHold + `' THEN (SELECT MIN(c.deadline) FROM hold_challenges c WHERE c.challenged_id = i.id
		AND c.resolved_at IS NULL) END AS challenged_until,
	CASE WHEN i.kind = '` + KindHold + `' THEN (SELECT MIN(c.deadline) FROM hold_challenges c WHERE c.challenger_id = i.id
		AND c.resolved_at IS NULL) END AS challenging_until`

// heldBy reads the hold instruction id names and who p is for it (404 as for any instruction
// p may not see, 403 for a viewer), then takes its freelancer's lock and reads the whole hold:
// the live holds of that freelancer in that booking, by start. A hold that is not live is a
// conflict.
func heldBy(ctx context.Context, tx *database.Tx, p *auth.Principal, id int64) ([]statusTarget, status.Actor, error) {
	t, err := readStatusTarget(ctx, tx, id)
	if err != nil {
		return nil, "", err
	}
	actor, err := actorFor(p, t)
	if err != nil {
		return nil, "", err
	}
	if err := lockUser(ctx, tx, t.UserID); err != nil {
		return nil, "", err
	}
	var hold []statusTarget
	if err := tx.Select(ctx, &hold, targetQuery+` WHERE i.booking_id = ? AND i.user_id = ? AND `+liveHoldSQL("i")+`
		ORDER BY pl.start_at, i.id`, t.BookingID, t.UserID); err != nil {
		return nil, "", err
	}
	if len(hold) == 0 || !liveHold(t.Kind, t.State()) {
		return nil, "", apperror.Conflict(MsgNotAHold)
	}
	return hold, actor, nil
}

// inHold runs act on p's hold named by instruction id in one transaction: the whole hold and who
// p is for it, as heldBy reads them under the freelancer's lock.
func (s *Store) inHold(ctx context.Context, p *auth.Principal, id int64,
	act func(tx *database.Tx, hold []statusTarget, actor status.Actor) error) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		hold, actor, err := heldBy(ctx, tx, p, id)
		if err != nil {
			return err
		}
		return act(tx, hold, actor)
	})
}

// ConfirmHold turns p's hold (the instruction id and the rest of its freelancer's hold in its
// booking) into an instruction accepted on both sides, when it is the first hold on every day
// and the freelancer's time is free (refusedCommitment, under the freelancer's lock). It
// answers how many days it confirmed.
func (s *Store) ConfirmHold(ctx context.Context, p *auth.Principal, id int64) (int, error) {
	n := 0
	err := s.inHold(ctx, p, id, func(tx *database.Tx, hold []statusTarget, _ status.Actor) error {
		for _, t := range hold {
			if t.HoldRank != 1 {
				return apperror.Conflict(MsgOnlyFirstHold)
			}
			if refusal, err := refusedCommitment(ctx, tx, t.UserID, t.ID, t.StartAt, t.EndAt); err != nil {
				return err
			} else if refusal != "" {
				return apperror.Conflict(refusal)
			}
		}
		for _, t := range hold {
			if err := confirmOne(ctx, tx, t); err != nil {
				return err
			}
		}
		n = len(hold)
		return nil
	})
	return n, err
}

// confirmOne makes one day of a hold an offer accepted on both sides, audited, with its event,
// and closes the challenges on it.
func confirmOne(ctx context.Context, tx *database.Tx, t statusTarget) error {
	n, err := tx.Exec(ctx, `UPDATE instructions SET kind = ?, supplier_status = ?, client_status = ?,
		previous_supplier_status = ?, previous_client_status = ?, modified_by = ?, updated_at = ?, version = version + 1
		WHERE id = ? AND version = ?`, KindOffer, string(status.Accepted), string(status.Accepted), t.SupplierStatus,
		t.ClientStatus, actorID(ctx), tx.Now, t.ID, t.Version)
	if err != nil {
		return err
	}
	if n == 0 {
		return apperror.Conflict(MsgInstructionStale)
	}
	row := map[string]any{"kind": KindOffer, "supplierStatus": status.Accepted, "clientStatus": status.Accepted,
		"version": t.Version + 1}
	if err := audit.Record(ctx, tx, audit.Update, audit.SourceInstruction, t.ID, row); err != nil {
		return err
	}
	if err := resolveChallenges(ctx, tx, t.ID, OutcomeConfirmed); err != nil {
		return err
	}
	return emit(ctx, tx, events.Event{Kind: events.HoldConfirmed, BookingID: t.BookingID, PlacementID: t.PlacementID,
		InstructionID: t.ID, UserID: t.UserID, Payload: row})
}

// ReleaseHold cancels p's hold (every day of it) on p's side: the freelancer's supplier side,
// a manager's client side, with the reason given or HoldReleasedReason. Holds below move up.
func (s *Store) ReleaseHold(ctx context.Context, p *auth.Principal, id int64, reason string) (int, error) {
	if reason == "" {
		reason = HoldReleasedReason
	}
	n := 0
	err := s.inHold(ctx, p, id, func(tx *database.Tx, hold []statusTarget, actor status.Actor) error {
		for _, t := range hold {
			if err := releaseOne(ctx, tx, t, actor.Side(), reason, events.HoldReleased, OutcomeReleased); err != nil {
				return err
			}
		}
		n = len(hold)
		return nil
	})
	return n, err
}

// releaseOne cancels side of hold t with reason, closes its challenges (those on it with
// outcome, those it made as withdrawn) and emits kind.
func releaseOne(ctx context.Context, tx *database.Tx, t statusTarget, side status.Side, reason string, kind events.Kind, outcome string) error {
	st := t.State()
	res := status.Result{State: st, Previous: st.Supplier}
	if side == status.Client {
		res.Previous, res.State.Client = st.Client, status.Cancelled
	} else {
		res.State.Supplier = status.Cancelled
	}
	c := status.Change{Side: side, To: status.Cancelled, Reason: reason}
	if err := writeStatusAs(ctx, tx, t, c, res, kind); err != nil {
		return err
	}
	return resolveChallenges(ctx, tx, t.ID, outcome)
}

// resolveChallenges closes the open challenges on hold id with outcome, and those it made as
// withdrawn.
func resolveChallenges(ctx context.Context, tx *database.Tx, id int64, outcome string) error {
	if _, err := tx.Exec(ctx, `UPDATE hold_challenges SET resolved_at = ?, outcome = ? WHERE challenged_id = ?
		AND resolved_at IS NULL`, tx.Now, outcome, id); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE hold_challenges SET resolved_at = ?, outcome = ? WHERE challenger_id = ?
		AND resolved_at IS NULL`, tx.Now, OutcomeWithdrawn, id)
	return err
}

// challenged is a hold above a challenger's day: the higher hold and the challenger's day.
type challenged struct {
	ID          int64 `db:"id"`
	BookingID   int64 `db:"booking_id"`
	PlacementID int64 `db:"placement_id"`
	UserID      int64 `db:"user_id"`
	Version     int   `db:"version"`
	Challenger  int64 `db:"challenger"`
	Open        bool  `db:"is_open"`
}

// ChallengeHold challenges, for a manager p of hold id's department, every hold above any day
// of its hold (the freelancer's live holds in its booking): each gets until now + its client's
// challenge time to be confirmed or released, after which ReleaseExpiredHolds releases it. It
// answers the number of holds challenged and the latest deadline (when the challenger is sure
// to have moved up or been answered).
func (s *Store) ChallengeHold(ctx context.Context, p *auth.Principal, id int64) (int, time.Time, error) {
	var deadline time.Time
	made := 0
	err := s.inHold(ctx, p, id, func(tx *database.Tx, hold []statusTarget, actor status.Actor) error {
		if actor != status.ActorManager {
			return apperror.New(apperror.KindForbidden, apperror.CodeAccessDenied, MsgChallengeByClient)
		}
		above, err := holdsAbove(ctx, tx, hold)
		if err != nil {
			return err
		}
		if len(above) == 0 {
			return apperror.Conflict(MsgAlreadyFirstHold)
		}
		made = 0
		for _, h := range above {
			if h.Open {
				continue
			}
			at, err := challengeDeadline(ctx, tx, h.BookingID)
			if err != nil {
				return err
			}
			if err := challengeOne(ctx, tx, h, at); err != nil {
				return err
			}
			deadline = later(deadline, at)
			made++
		}
		if made == 0 {
			return apperror.Conflict(MsgChallengeOpen)
		}
		return nil
	})
	return made, deadline, err
}

// challengeDeadline is when a hold of booking challenged now lapses: its client's challenge
// time (bookingrules, 24 h by default) from now. The challenged side's rule, as it is the
// challenged holder who must answer in it.
func challengeDeadline(ctx context.Context, tx *database.Tx, booking int64) (time.Time, error) {
	r, err := rulesOfBooking(ctx, tx, booking)
	return tx.Now.Add(r.HoldChallenge()), err
}

// holdsAbove reads the holds above any day of hold (each once, with the first of the hold's
// days it is above) and whether a challenge of it is open already.
func holdsAbove(ctx context.Context, tx *database.Tx, hold []statusTarget) ([]challenged, error) {
	ids := make([]int64, len(hold))
	for k, t := range hold {
		ids[k] = t.ID
	}
	marks, args := database.In(ids)
	var rows []challenged
	err := tx.Select(ctx, &rows, `SELECT h.id, h.booking_id, h.placement_id, h.user_id, h.version, MIN(i.id) AS challenger,
		EXISTS (SELECT 1 FROM hold_challenges c WHERE c.challenged_id = h.id AND c.resolved_at IS NULL) AS is_open
		FROM instructions i JOIN instructions h ON `+holdAboveSQL("h", "i")+`
		WHERE i.id IN (`+marks+`) GROUP BY h.id, h.booking_id, h.placement_id, h.user_id, h.version ORDER BY h.id`, args...)
	return rows, err
}

// challengeOne records one challenge of hold h, a change of h (its version and audit row: it
// now has a deadline), with its event. The event names neither the challenger nor its client.
func challengeOne(ctx context.Context, tx *database.Tx, h challenged, deadline time.Time) error {
	if _, err := tx.Exec(ctx, `INSERT INTO hold_challenges (challenger_id, challenged_id, deadline, created_by, created_at)
		VALUES (?, ?, ?, ?, ?)`, h.Challenger, h.ID, deadline, actorID(ctx), tx.Now); err != nil {
		return err
	}
	n, err := tx.Exec(ctx, `UPDATE instructions SET updated_at = ?, version = version + 1 WHERE id = ? AND version = ?`,
		tx.Now, h.ID, h.Version)
	if err != nil {
		return err
	}
	if n == 0 {
		return apperror.Conflict(MsgInstructionStale)
	}
	row := map[string]any{"challengedUntil": wireTime(deadline.UTC()), "version": h.Version + 1}
	if err := audit.Record(ctx, tx, audit.Update, audit.SourceInstruction, h.ID, row); err != nil {
		return err
	}
	return emit(ctx, tx, events.Event{Kind: events.HoldChallenged, BookingID: h.BookingID, PlacementID: h.PlacementID,
		InstructionID: h.ID, UserID: h.UserID, Payload: row})
}

// ReleaseExpiredHolds releases every hold whose challenge's deadline has passed, as of db.Now,
// each in its own transaction: a Sweep of the deadlines worker (internal/app adds it). The challenge is closed by a conditional update first, so when
// several nodes sweep at once exactly one releases each hold. It answers how many it released.
func ReleaseExpiredHolds(ctx context.Context, db *database.DB) (int, error) {
	var due []int64
	if err := db.Select(ctx, &due, `SELECT id FROM hold_challenges WHERE resolved_at IS NULL AND deadline <= ?
		ORDER BY deadline, id`, db.Now()); err != nil {
		return 0, err
	}
	return sweepEach(due, func(c int64) (bool, error) {
		var did bool
		err := db.InTx(ctx, func(tx *database.Tx) error {
			var err error
			did, err = expireChallenge(ctx, tx, c)
			return err
		})
		return did, err
	})
}

// expireChallenge claims due challenge c and releases the hold it challenged, when that is
// still live; false when another sweep claimed it or the hold had ended already.
func expireChallenge(ctx context.Context, tx *database.Tx, c int64) (bool, error) {
	var held int64
	claimed, err := database.Found(tx.Get(ctx, &held, `UPDATE hold_challenges SET resolved_at = ?, outcome = ?
		WHERE id = ? AND resolved_at IS NULL AND deadline <= ? RETURNING challenged_id`, tx.Now, OutcomeExpired, c, tx.Now))
	if !claimed || err != nil {
		return false, err
	}
	t, err := readStatusTarget(ctx, tx, held)
	if err != nil {
		return false, err
	}
	if !liveHold(t.Kind, t.State()) {
		return false, nil
	}
	return true, releaseOne(ctx, tx, t, status.Client, HoldExpiredReason, events.HoldExpired, OutcomeExpired)
}
