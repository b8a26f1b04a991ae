package holds

import (
	"context"
	"time"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/commitment"
	"github.com/hive/hive/internal/bookings/deadlines"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// Store confirms, releases and challenges holds.
type Store struct{ DB *database.DB }

// heldBy takes the freelancer's lock of hold instruction id and reads the whole hold: the live
// holds of that freelancer in that booking, by start. A hold that is not live is a conflict.
func heldBy(ctx context.Context, tx *database.Tx, id int64) ([]bookings.Target, error) {
	t, err := bookings.StatusTarget(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	if err := bookings.LockUser(ctx, tx, t.UserID); err != nil {
		return nil, err
	}
	hold, err := bookings.StatusTargets(ctx, tx, `i.booking_id = ? AND i.user_id = ? AND `+bookings.LiveHoldSQL("i")+`
		ORDER BY pl.start_at, i.id`, t.BookingID, t.UserID)
	if err != nil {
		return nil, err
	}
	if len(hold) == 0 || !bookings.LiveHold(t.Kind, t.State()) {
		return nil, apperror.Conflict(MsgNotAHold)
	}
	return hold, nil
}

// inHold runs act on the hold named by instruction id in one transaction: the whole hold, as
// heldBy reads it under the freelancer's lock.
func (s *Store) inHold(ctx context.Context, id int64, act func(tx *database.Tx, hold []bookings.Target) error) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		hold, err := heldBy(ctx, tx, id)
		if err != nil {
			return err
		}
		return act(tx, hold)
	})
}

// ConfirmHold turns a hold (the instruction id and the rest of its freelancer's hold in its
// booking) into an instruction accepted on both sides, when it is the first hold on every day
// and the freelancer's time is free (bookings.RefusedCommitment, under the freelancer's lock).
// The caller decided that its user may (its freelancer or a manager). It answers how many days
// it confirmed.
func (s *Store) ConfirmHold(ctx context.Context, id int64) (int, error) {
	n := 0
	err := s.inHold(ctx, id, func(tx *database.Tx, hold []bookings.Target) error {
		for _, t := range hold {
			if t.HoldRank != 1 {
				return apperror.Conflict(MsgOnlyFirstHold)
			}
			if refusal, err := bookings.RefusedCommitment(ctx, tx,
				bookings.Commitment{User: t.UserID, Except: t.ID, Start: t.StartAt, End: t.EndAt}); err != nil {
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
func confirmOne(ctx context.Context, tx *database.Tx, t bookings.Target) error {
	n, err := tx.Exec(ctx, `UPDATE instructions SET kind = ?, supplier_status = ?, client_status = ?,
		previous_supplier_status = ?, previous_client_status = ?, modified_by = ?, updated_at = ?, version = version + 1
		WHERE id = ? AND version = ?`, bookings.KindOffer, string(status.Accepted), string(status.Accepted), t.SupplierStatus,
		t.ClientStatus, bookings.ActorID(ctx), tx.Now, t.ID, t.Version)
	if err != nil {
		return err
	}
	if n == 0 {
		return apperror.Conflict(bookings.MsgInstructionStale)
	}
	row := map[string]any{"kind": bookings.KindOffer, "supplierStatus": status.Accepted, "clientStatus": status.Accepted,
		"version": t.Version + 1}
	if err := audit.Record(ctx, tx, audit.Update, audit.SourceInstruction, t.ID, row); err != nil {
		return err
	}
	if err := resolveChallenges(ctx, tx, t.ID, OutcomeConfirmed); err != nil {
		return err
	}
	return bookings.Emit(ctx, tx, events.Event{Kind: events.HoldConfirmed, BookingID: t.BookingID, PlacementID: t.PlacementID,
		InstructionID: t.ID, UserID: t.UserID, Payload: row})
}

// ReleaseHold cancels a hold (every day of it) on actor's side: the freelancer's supplier side,
// a manager's client side, with the reason given or HoldReleasedReason. Holds below move up.
func (s *Store) ReleaseHold(ctx context.Context, actor status.Actor, id int64, reason string) (int, error) {
	if reason == "" {
		reason = HoldReleasedReason
	}
	n := 0
	err := s.inHold(ctx, id, func(tx *database.Tx, hold []bookings.Target) error {
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
func releaseOne(ctx context.Context, tx *database.Tx, t bookings.Target, side status.Side, reason string, kind events.Kind, outcome string) error {
	st := t.State()
	res := status.Result{State: st, Previous: st.Supplier}
	if side == status.Client {
		res.Previous, res.State.Client = st.Client, status.Cancelled
	} else {
		res.State.Supplier = status.Cancelled
	}
	c := status.Change{Side: side, To: status.Cancelled, Reason: reason}
	if err := bookings.WriteStatusAs(ctx, tx, t, c, res, kind); err != nil {
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

// ChallengeHold challenges, for actor (who the caller is for hold id: only a manager of its
// department may), every hold above any day of its hold (the freelancer's live holds in its
// booking): each gets until now + its client's challenge time to be confirmed or released,
// after which ReleaseExpiredHolds releases it. It answers the number of holds challenged and
// the latest deadline (when the challenger is sure to have moved up or been answered).
func (s *Store) ChallengeHold(ctx context.Context, actor status.Actor, id int64) (int, time.Time, error) {
	var deadline time.Time
	made := 0
	err := s.inHold(ctx, id, func(tx *database.Tx, hold []bookings.Target) error {
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
			if at.After(deadline) {
				deadline = at
			}
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
	r, err := commitment.RulesOfBooking(ctx, tx, booking)
	return tx.Now.Add(r.HoldChallenge()), err
}

// holdsAbove reads the holds above any day of hold (each once, with the first of the hold's
// days it is above) and whether a challenge of it is open already.
func holdsAbove(ctx context.Context, tx *database.Tx, hold []bookings.Target) ([]challenged, error) {
	ids := make([]int64, len(hold))
	for k, t := range hold {
		ids[k] = t.ID
	}
	marks, args := database.In(ids)
	var rows []challenged
	err := tx.Select(ctx, &rows, `SELECT h.id, h.booking_id, h.placement_id, h.user_id, h.version, MIN(i.id) AS challenger,
		EXISTS (SELECT 1 FROM hold_challenges c WHERE c.challenged_id = h.id AND c.resolved_at IS NULL) AS is_open
		FROM instructions i JOIN instructions h ON `+bookings.HoldAboveSQL("h", "i")+`
		WHERE i.id IN (`+marks+`) GROUP BY h.id, h.booking_id, h.placement_id, h.user_id, h.version ORDER BY h.id`, args...)
	return rows, err
}

// challengeOne records one challenge of hold h, a change of h (its version and audit row: it
// now has a deadline), with its event. The event names neither the challenger nor its client.
func challengeOne(ctx context.Context, tx *database.Tx, h challenged, deadline time.Time) error {
	if _, err := tx.Exec(ctx, `INSERT INTO hold_challenges (challenger_id, challenged_id, deadline, created_by, created_at)
		VALUES (?, ?, ?, ?, ?)`, h.Challenger, h.ID, deadline, bookings.ActorID(ctx), tx.Now); err != nil {
		return err
	}
	n, err := tx.Exec(ctx, `UPDATE instructions SET updated_at = ?, version = version + 1 WHERE id = ? AND version = ?`,
		tx.Now, h.ID, h.Version)
	if err != nil {
		return err
	}
	if n == 0 {
		return apperror.Conflict(bookings.MsgInstructionStale)
	}
	row := map[string]any{"challengedUntil": bookings.WireTime(deadline.UTC()), "version": h.Version + 1}
	if err := audit.Record(ctx, tx, audit.Update, audit.SourceInstruction, h.ID, row); err != nil {
		return err
	}
	return bookings.Emit(ctx, tx, events.Event{Kind: events.HoldChallenged, BookingID: h.BookingID, PlacementID: h.PlacementID,
		InstructionID: h.ID, UserID: h.UserID, Payload: row})
}

// ReleaseExpiredHolds releases every hold whose challenge's deadline has passed, as of db.Now,
// each in its own transaction: a sweep of the deadlines worker (internal/app adds it). The
// challenge is closed by a conditional update first, so when several nodes sweep at once
// exactly one releases each hold. It answers how many it released.
func ReleaseExpiredHolds(ctx context.Context, db *database.DB) (int, error) {
	var due []int64
	if err := db.Select(ctx, &due, `SELECT id FROM hold_challenges WHERE resolved_at IS NULL AND deadline <= ?
		ORDER BY deadline, id`, db.Now()); err != nil {
		return 0, err
	}
	return deadlines.Each(due, func(c int64) (bool, error) {
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
	t, err := bookings.StatusTarget(ctx, tx, held)
	if err != nil {
		return false, err
	}
	if !bookings.LiveHold(t.Kind, t.State()) {
		return false, nil
	}
	return true, releaseOne(ctx, tx, t, status.Client, HoldExpiredReason, events.HoldExpired, OutcomeExpired)
}
