package amend

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/commitment"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/input"
)

// PlacementDepartments maps each placement to its booking's department; 404 when one is missing.
func (s *Store) PlacementDepartments(ctx context.Context, ids []int64) (map[int64]int64, error) {
	return s.departmentsOf(ctx, "placements", ids, "Placement")
}

// departmentsOf maps each id of table (placements or instructions, both with booking_id) to its
// booking's department; 404 naming what when one is missing.
func (s *Store) departmentsOf(ctx context.Context, table string, ids []int64, what string) (map[int64]int64, error) {
	marks, args := database.In(ids)
	var rows []struct {
		ID           int64 `db:"id"`
		DepartmentID int64 `db:"department_id"`
	}
	if err := s.DB.Select(ctx, &rows, `SELECT r.id, b.department_id FROM `+table+` r JOIN bookings b ON b.id = r.booking_id
		WHERE r.id IN (`+marks+`)`, args...); err != nil {
		return nil, err
	}
	out := make(map[int64]int64, len(rows))
	for _, r := range rows {
		out[r.ID] = r.DepartmentID
	}
	for _, id := range ids {
		if _, ok := out[id]; !ok {
			return nil, apperror.NotFound(what)
		}
	}
	return out, nil
}

// AmendPlacements applies every amendment or none. New times give a new UTC period in the
// placement's zone; an accepted freelancer whose other work the new period would overlap
// refuses the whole change, so nobody ends up double-booked.
func (s *Store) AmendPlacements(ctx context.Context, items []PlacementChange) (int, error) {
	return bookings.AllOrNone(ctx, s.DB, items, func(_ int, it PlacementChange) string { return fmt.Sprintf("Placement %d", it.ID) },
		func(tx *database.Tx, it PlacementChange) error { return amendPlacement(ctx, tx, it) })
}

func amendPlacement(ctx context.Context, tx *database.Tx, it PlacementChange) error {
	var cur bookings.PlacementRow
	err := tx.Get(ctx, &cur, `SELECT id, booking_id, placement_template_id, title, local_date, start_time, end_time,
		start_at, end_at, timezone, overnight, reference, unpaid_breaks, supplier_notes, cancellation_reason, deleted_at, version
		FROM placements WHERE id = ?`, it.ID)
	if err = database.NotFound(err, "Placement"); err != nil {
		return err
	}
	if cur.DeletedAt != nil {
		return apperror.Conflict("This placement has been cancelled.")
	}
	if it.Revision != 0 && it.Revision != cur.Version {
		return apperror.Conflict(MsgPlacementStale)
	}
	start, end := clockTime(it.StartTime), clockTime(it.EndTime)
	period, err := bookings.PlacementPeriod(cur.LocalDate, start, end, cur.Timezone)
	if err != nil {
		return apperror.Field("startTime", err.Error())
	}
	if moved(cur, period) {
		if err := checkAcceptedStillFree(ctx, tx, it.ID, period); err != nil {
			return err
		}
	}
	title, notes := input.Text(it.Title), input.Text(it.SupplierNotes)
	if title == "" {
		return apperror.Field("title", "Title is required")
	}
	changes := audit.Changes(placementFields(cur.Title, cur.SupplierNotes, cur.UnpaidBreaks, cur.StartAt, cur.EndAt),
		placementFields(title, notes, it.UnpaidBreaks, period.Start, period.End))
	if len(changes) == 0 {
		return nil // saving what is there changes nothing: no version, no history entry, no event
	}
	afters, err := bookings.BeforePlacementWrite(ctx, tx, []int64{it.ID})
	if err != nil {
		return err
	}
	n, err := tx.Exec(ctx, `UPDATE placements SET title = ?, start_time = ?, end_time = ?, start_at = ?, end_at = ?,
		overnight = ?, supplier_notes = ?, unpaid_breaks = ?, updated_at = ?, version = version + 1
		WHERE id = ? AND version = ? AND deleted_at IS NULL`,
		title, start, end, period.Start, period.End, period.Overnight, notes, it.UnpaidBreaks, tx.Now, it.ID, cur.Version)
	if err != nil {
		return err
	}
	if n == 0 {
		return apperror.Conflict(MsgPlacementStale)
	}
	row := map[string]any{"title": title, "startTime": start, "endTime": end, "supplierNotes": notes,
		"unpaidBreaks": it.UnpaidBreaks, "overnight": period.Overnight, "version": cur.Version + 1}
	if err := audit.Record(ctx, tx, audit.Update, audit.SourcePlacement, it.ID, row); err != nil {
		return err
	}
	payload := maps.Clone(row)
	payload["changes"] = changes
	if !moved(cur, period) {
		payload["detailsOnly"] = true // told as a change of details, not of times
	}
	if err := bookings.Emit(ctx, tx, events.Event{Kind: events.PlacementAmended, BookingID: cur.BookingID,
		PlacementID: it.ID, Payload: payload}); err != nil {
		return err
	}
	return bookings.RunAfters(afters)
}

// checkAcceptedStillFree refuses a new period that would overlap other accepted work of a
// freelancer accepted into this placement, or leave them too little rest (the commitment rule,
// under their lock as an accept is).
func checkAcceptedStillFree(ctx context.Context, tx *database.Tx, placement int64, p bookings.Period) error {
	var accepted []struct {
		ID       int64  `db:"id"`
		UserID   int64  `db:"user_id"`
		FullName string `db:"full_name"`
	}
	if err := tx.Select(ctx, &accepted, `SELECT i.id, i.user_id, u.first_name || ' ' || u.last_name AS full_name
		FROM instructions i JOIN users u ON u.id = i.user_id WHERE i.placement_id = ? AND i.deleted_at IS NULL
		AND i.supplier_status = 'accepted' AND i.client_status NOT IN ('cancelled', 'rejected')`, placement); err != nil {
		return err
	}
	for _, a := range accepted {
		if err := bookings.LockUser(ctx, tx, a.UserID); err != nil {
			return err
		}
		refusal, overlap, err := commitment.Refusal(ctx, tx, commitment.Question{Ask: commitment.Accept,
			User: a.UserID, Except: a.ID, Start: p.Start, End: p.End, Subject: a.FullName + " is"})
		switch {
		case err != nil:
			return err
		case overlap:
			return apperror.Conflict("At the new times: " + refusal)
		case refusal != "":
			return apperror.Conflict(fmt.Sprintf("%s at the new times: %s", a.FullName, refusal))
		}
	}
	return nil
}

// CancelPlacements soft-deletes the live placements among ids with reason, and cancels their
// live instructions on the client side with the same reason (previous statuses kept, each
// change audited with its event). The instructions are marked deleted too, so they free the
// freelancer and show gray. Placements already cancelled are left as they are.
func (s *Store) CancelPlacements(ctx context.Context, ids []int64, reason string) (int, error) {
	reason = input.Text(reason)
	if reason == "" {
		return 0, apperror.Field("cancellationReason", "A cancellation reason is required")
	}
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	cancelled := 0
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		cancelled = 0
		for _, id := range ids {
			done, err := cancelPlacement(ctx, tx, id, reason)
			if err != nil {
				return err
			}
			if done {
				cancelled++
			}
		}
		return nil
	})
	return cancelled, err
}

func cancelPlacement(ctx context.Context, tx *database.Tx, id int64, reason string) (bool, error) {
	var bookingID int64
	err := tx.Get(ctx, &bookingID, `UPDATE placements SET deleted_at = ?, cancellation_reason = ?, updated_at = ?,
		version = version + 1 WHERE id = ? AND deleted_at IS NULL RETURNING booking_id`, tx.Now, reason, tx.Now, id)
	if found, err := database.Found(err); !found {
		return false, err // no row: cancelled already
	}
	row := map[string]any{"deletedAt": tx.Now, "cancellationReason": reason}
	if err := audit.Record(ctx, tx, audit.Delete, audit.SourcePlacement, id, row); err != nil {
		return false, err
	}
	if err := bookings.Emit(ctx, tx, events.Event{Kind: events.PlacementCancelled, BookingID: bookingID,
		PlacementID: id, Payload: row}); err != nil {
		return false, err
	}
	return true, cancelInstructionsOf(ctx, tx, id, reason)
}

// cancelInstructionsOf cancels (client side) and marks deleted every instruction of a cancelled
// placement; closed ones are only marked deleted.
func cancelInstructionsOf(ctx context.Context, tx *database.Tx, placement int64, reason string) error {
	var ts []bookings.Target
	if err := tx.Select(ctx, &ts, `SELECT `+bookings.InstructionColumns+`, b.department_id, pl.start_at, pl.end_at
		FROM instructions i JOIN users u ON u.id = i.user_id JOIN placements pl ON pl.id = i.placement_id
		JOIN bookings b ON b.id = i.booking_id WHERE i.placement_id = ? AND i.deleted_at IS NULL ORDER BY i.id`, placement); err != nil {
		return err
	}
	for _, t := range ts {
		c := status.Change{Side: status.Client, To: status.Cancelled, Reason: reason}
		if res, err := status.Apply(t.State(), c, status.ActorManager); err == nil {
			if err := bookings.WriteStatus(ctx, tx, t, c, res); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE instructions SET deleted_at = ?, modified_by = ?, updated_at = ?,
			version = version + 1 WHERE id = ?`, tx.Now, bookings.ActorID(ctx), tx.Now, t.ID); err != nil {
			return err
		}
		if err := audit.Record(ctx, tx, audit.Delete, audit.SourceInstruction, t.ID,
			map[string]any{"deletedAt": tx.Now, "placementCancelled": reason}); err != nil {
			return err
		}
	}
	return nil
}
