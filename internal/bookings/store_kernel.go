package bookings

import (
	"context"
	"time"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings/commitment"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/dashboard/facts"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/input"
)

// The instruction kernel: the few steps every change of an instruction is made of, exported
// for the sub-features (holds, offer in turn, substitution, deadlines), which import this
// package and are never imported by it. Read a status target (StatusTarget, StatusTargets),
// lock a freelancer's time (LockUser), ask whether a commitment is refused (RefusedCommitment),
// write a status (ChangeStatus, WriteStatus) and emit its event (Emit). A sub-feature that
// reacts to status writes registers an after-status-change hook (AfterStatusChange); the core
// calls no sub-feature by name.

// Target is what a status change reads of an instruction: the row with its booking's
// department and its placement's period.
type Target struct {
	InstructionRow
	DepartmentID int64     `db:"department_id"`
	StartAt      time.Time `db:"start_at"`
	EndAt        time.Time `db:"end_at"`
}

// targetQuery reads Targets: instructions i with their department and placement period.
var targetQuery = `SELECT ` + InstructionColumns + `, b.department_id, pl.start_at, pl.end_at
	FROM instructions i JOIN users u ON u.id = i.user_id JOIN placements pl ON pl.id = i.placement_id
	JOIN bookings b ON b.id = i.booking_id`

// StatusTarget reads instruction id with its department and period; 404 when there is none.
// A handler reads it to decide who the caller is for the instruction (ActorFor: its department
// and freelancer never change); a write reads it again in its transaction.
func StatusTarget(ctx context.Context, r database.Reader, id int64) (Target, error) {
	var t Target
	err := r.Get(ctx, &t, targetQuery+` WHERE i.id = ?`, id)
	return t, database.NotFound(err, "Instruction")
}

// StatusTargets reads the instructions where selects, a condition (and its order) on
// instructions i, their users u, placements pl and bookings b, with its args.
func StatusTargets(ctx context.Context, tx *database.Tx, where string, args ...any) ([]Target, error) {
	var ts []Target
	err := tx.Select(ctx, &ts, targetQuery+` WHERE `+where, args...)
	return ts, err
}

// ChangeStatus is the status machine's one write path, for people (PATCH /instruction/status)
// and for the system (expiry, with actor manager and no principal in ctx): the rules, the accept
// checks (the freelancer's lock, then RefusedCommitment), then the write with its audit, event
// and hooks.
func ChangeStatus(ctx context.Context, tx *database.Tx, t Target, c status.Change, actor status.Actor) error {
	res, err := status.Apply(t.State(), c, actor)
	if err != nil {
		return err
	}
	if c.Side == status.Supplier && c.To == status.Accepted {
		if err := LockUser(ctx, tx, t.UserID); err != nil {
			return err
		}
		refusal, err := RefusedCommitment(ctx, tx, Commitment{User: t.UserID, Except: t.ID, Start: t.StartAt, End: t.EndAt})
		if err != nil {
			return err
		}
		if refusal != "" {
			return apperror.Conflict(refusal)
		}
	}
	return WriteStatus(ctx, tx, t, c, res)
}

// WriteStatus writes change c's result res (status.Apply's) to t, told as an answer
// (events.InstructionStatus).
func WriteStatus(ctx context.Context, tx *database.Tx, t Target, c status.Change, res status.Result) error {
	return WriteStatusAs(ctx, tx, t, c, res, events.InstructionStatus)
}

// WriteStatusAs writes change c's result res, audited, and emits it as kind (a hold's release is
// told as its own event), checked against the version t was read at. The after-status-change
// hooks run around it: each before the row is written (so the locks it takes come first, in one
// order on every path), and what each answers after the event, in the same transaction.
func WriteStatusAs(ctx context.Context, tx *database.Tx, t Target, c status.Change, res status.Result, kind events.Kind) error {
	afters, err := beforeStatusWrite(ctx, tx, t)
	if err != nil {
		return err
	}
	column, previous := "supplier_status", "previous_supplier_status"
	if c.Side == status.Client {
		column, previous = "client_status", "previous_client_status"
	}
	reason := t.CancellationReason
	if c.To == status.Cancelled {
		reason = input.Text(c.Reason)
	}
	n, err := tx.Exec(ctx, `UPDATE instructions SET `+column+` = ?, `+previous+` = ?, cancellation_reason = ?,
		modified_by = ?, updated_at = ?, version = version + 1 WHERE id = ? AND version = ?`,
		string(c.To), string(res.Previous), reason, ActorID(ctx), tx.Now, t.ID, t.Version)
	if err != nil {
		return err
	}
	if n == 0 {
		return apperror.Conflict(MsgInstructionStale)
	}
	row := map[string]any{"supplierStatus": res.State.Supplier, "clientStatus": res.State.Client,
		"cancellationReason": reason, "version": t.Version + 1}
	if err := audit.Record(ctx, tx, audit.Update, audit.SourceInstruction, t.ID, row); err != nil {
		return err
	}
	if err := Emit(ctx, tx, events.Event{Kind: kind, BookingID: t.BookingID,
		PlacementID: t.PlacementID, InstructionID: t.ID, UserID: t.UserID, Payload: row}); err != nil {
		return err
	}
	for _, after := range afters {
		if err := after(); err != nil {
			return err
		}
	}
	return nil
}

// StatusHook is a sub-feature's part in every status write of an instruction, in the write's
// transaction: called with the instruction as read before it is written, it takes the locks it
// needs and answers what to do once the write and its event are done (nil: nothing).
type StatusHook func(ctx context.Context, tx *database.Tx, t Target) (after func() error, err error)

// statusHooks are the registered hooks, in the order they registered.
var statusHooks []StatusHook

// AfterStatusChange registers hook with every status write. A sub-feature registers from its
// package's init, so every program that has the sub-feature runs it and no request races the
// registration.
func AfterStatusChange(hook StatusHook) { statusHooks = append(statusHooks, hook) }

// beforeStatusWrite runs every hook's first part on t and answers their second parts.
func beforeStatusWrite(ctx context.Context, tx *database.Tx, t Target) ([]func() error, error) {
	var afters []func() error
	for _, hook := range statusHooks {
		after, err := hook(ctx, tx, t)
		if err != nil {
			return nil, err
		}
		if after != nil {
			afters = append(afters, after)
		}
	}
	return afters, nil
}

// LockUser takes freelancer user's lock until tx ends, so two commitments of one freelancer's
// time (accepts, grants, confirmations, substitutions) take turns.
func LockUser(ctx context.Context, tx *database.Tx, user int64) error {
	return database.NoRowsAs(LockRow(ctx, tx, "users", user), apperror.Field("userIds", "No such user"))
}

// LockRow locks row id of table until tx ends, so that writes which check before they write
// take turns. PostgreSQL locks the row; SQLite has one writer, so transactions are serial
// already and it does nothing.
func LockRow(ctx context.Context, tx *database.Tx, table string, id int64) error {
	if tx.Dialect() != database.Postgres {
		return nil
	}
	var locked int64
	return tx.Get(ctx, &locked, `SELECT id FROM `+table+` WHERE id = ? FOR UPDATE`, id)
}

// Commitment is time [Start, End) a freelancer (User) would give to an accepted instruction:
// Except is that instruction (0 before it exists); Booking is the booking whose client's limits
// apply (0: the booking of Except).
type Commitment struct {
	User, Except, Booking int64
	Start, End            time.Time
}

// RefusedCommitment is the kernel's entry to the commitment rule (package commitment) for
// giving a freelancer's time to an accepted instruction (an accept, a hold confirmed, a
// substitute): the reason c is refused, or "" when it may go ahead. The caller holds the
// freelancer's lock (LockUser), so two commitments of one freelancer take turns. The reason
// names the work in the way only to a reader who may see it (commitment.NameJobs).
func RefusedCommitment(ctx context.Context, tx *database.Tx, c Commitment) (string, error) {
	reason, _, err := commitment.Refusal(ctx, tx, commitment.Question{Ask: commitment.Accept, User: c.User,
		Except: c.Except, Booking: c.Booking, Start: c.Start, End: c.End})
	return reason, err
}

// Emit records a change's event and brings the dashboard's facts of what it changed up to date
// in the same transaction: every change to placements and instructions emits an event naming
// its booking and, when it concerns one, its placement. A booking's update changes only its
// title, reference, IR35 and substitution flag, which no fact reads, so it refreshes none.
func Emit(ctx context.Context, tx *database.Tx, ev events.Event) error {
	if err := events.Emit(ctx, tx, ev); err != nil || ev.Kind == events.BookingUpdated {
		return err
	}
	return facts.Refresh(ctx, tx, ev.BookingID, ev.PlacementID)
}

// ActorID is the signed-in user, or nil for system work: who an instruction's row says modified it.
func ActorID(ctx context.Context) *int64 {
	if p := auth.FromContext(ctx); p != nil {
		return &p.UserID
	}
	return nil
}
