package amend

import (
	"context"
	"fmt"
	"maps"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/input"
	"github.com/hive/hive/internal/search/index"
)

// Store writes a manager's changes to bookings, placements and instructions.
type Store struct{ DB *database.DB }

// UpdateBooking changes the editable fields of booking id, checking the version read.
func (s *Store) UpdateBooking(ctx context.Context, id int64, in BookingChange) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		var cur struct {
			Title               string `db:"title"`
			Reference           string `db:"reference"`
			IR35                bool   `db:"ir35"`
			SubstitutionAllowed bool   `db:"substitution_allowed"`
			Version             int    `db:"version"`
		}
		err := tx.Get(ctx, &cur, `SELECT title, reference, ir35, substitution_allowed, version FROM bookings WHERE id = ?`, id)
		if err = database.NotFound(err, "Booking"); err != nil {
			return err
		}
		if in.Version != cur.Version {
			return apperror.Conflict(MsgBookingStale)
		}
		before := bookingFields(cur.Title, cur.Reference, cur.IR35, cur.SubstitutionAllowed)
		if in.Title != nil {
			if cur.Title = input.Trimmed(in.Title); cur.Title == "" {
				return apperror.Field("title", "Title is required")
			}
		}
		if in.Reference != nil {
			cur.Reference = input.Trimmed(in.Reference)
		}
		if in.IR35 != nil {
			cur.IR35 = *in.IR35
		}
		if in.SubstitutionAllowed != nil {
			cur.SubstitutionAllowed = *in.SubstitutionAllowed
		}
		changes := audit.Changes(before, bookingFields(cur.Title, cur.Reference, cur.IR35, cur.SubstitutionAllowed))
		if len(changes) == 0 {
			return nil // saving what is there changes nothing: no version, no history entry, no event
		}
		afters, err := bookings.BeforeBookingWrite(ctx, tx, id)
		if err != nil {
			return err
		}
		n, err := tx.Exec(ctx, `UPDATE bookings SET title = ?, reference = ?, ir35 = ?, substitution_allowed = ?,
			updated_at = ?, version = version + 1 WHERE id = ? AND version = ?`,
			cur.Title, cur.Reference, cur.IR35, cur.SubstitutionAllowed, tx.Now, id, cur.Version)
		if err != nil {
			return err
		}
		if n == 0 {
			return apperror.Conflict(MsgBookingStale)
		}
		row := map[string]any{"title": cur.Title, "reference": cur.Reference, "ir35": cur.IR35,
			"substitutionAllowed": cur.SubstitutionAllowed, "version": cur.Version + 1}
		if err := audit.Record(ctx, tx, audit.Update, audit.SourceBooking, id, row); err != nil {
			return err
		}
		if err := index.Refresh(ctx, tx, index.Booking, id); err != nil {
			return err
		}
		payload := maps.Clone(row)
		payload["changes"] = changes
		if err := bookings.Emit(ctx, tx, events.Event{Kind: events.BookingUpdated, BookingID: id, Payload: payload}); err != nil {
			return err
		}
		return bookings.RunAfters(afters)
	})
}

// InstructionDepartments maps each instruction to its booking's department; 404 when one is missing.
func (s *Store) InstructionDepartments(ctx context.Context, ids []int64) (map[int64]int64, error) {
	return s.departmentsOf(ctx, "instructions", ids, "Instruction")
}

// AmendRates sets the given rates (nil: unchanged) on every instruction, all or none. Deleted
// instructions (of cancelled placements) keep the rates they had.
func (s *Store) AmendRates(ctx context.Context, ids []int64, buy, sell *bookings.Rate) (int, error) {
	return bookings.AllOrNone(ctx, s.DB, ids, func(_ int, id int64) string { return fmt.Sprintf("Instruction %d", id) },
		func(tx *database.Tx, id int64) error { return amendRate(ctx, tx, id, buy, sell) })
}

func amendRate(ctx context.Context, tx *database.Tx, id int64, buy, sell *bookings.Rate) error {
	var cur struct {
		BookingID   int64 `db:"booking_id"`
		PlacementID int64 `db:"placement_id"`
		UserID      int64 `db:"user_id"`
		Deleted     bool  `db:"deleted"`
		jobs.RateRow
	}
	err := tx.Get(ctx, &cur, `SELECT booking_id, placement_id, user_id, deleted_at IS NOT NULL AS deleted,
		buy_rate_minor, buy_currency, buy_period, sell_rate_minor, sell_currency, sell_period
		FROM instructions WHERE id = ?`, id)
	if err = database.NotFound(err, "Instruction"); err != nil {
		return err
	}
	if cur.Deleted {
		return apperror.Conflict("This instruction's placement has been cancelled.")
	}
	oldBuy, oldSell := cur.Rates()
	before, after := map[string]any{}, map[string]any{}
	if sell != nil {
		before["sellRate"], after["sellRate"] = oldSell, *sell
	}
	if buy != nil {
		before["buyRate"], after["buyRate"] = oldBuy, *buy
	}
	changes := audit.Changes(before, after)
	if len(changes) == 0 {
		return nil // the rates it has: nothing to write, record or tell
	}
	row := map[string]any{}
	if sell != nil {
		if _, err := tx.Exec(ctx, `UPDATE instructions SET sell_rate_minor = ?, sell_currency = ?, sell_period = ? WHERE id = ?`,
			sell.Minor(), sell.Currency, sell.Period, id); err != nil {
			return err
		}
		row["sellRate"] = sell
	}
	if buy != nil {
		if _, err := tx.Exec(ctx, `UPDATE instructions SET buy_rate_minor = ?, buy_currency = ?, buy_period = ? WHERE id = ?`,
			buy.Minor(), buy.Currency, buy.Period, id); err != nil {
			return err
		}
		row["buyRate"] = buy
	}
	if _, err := tx.Exec(ctx, `UPDATE instructions SET modified_by = ?, updated_at = ?, version = version + 1 WHERE id = ?`,
		bookings.ActorID(ctx), tx.Now, id); err != nil {
		return err
	}
	if err := audit.Record(ctx, tx, audit.Update, audit.SourceInstruction, id, row); err != nil {
		return err
	}
	payload := maps.Clone(row)
	payload["changes"] = changes
	return bookings.Emit(ctx, tx, events.Event{Kind: events.InstructionRate, BookingID: cur.BookingID,
		PlacementID: cur.PlacementID, InstructionID: id, UserID: cur.UserID, Payload: payload})
}
