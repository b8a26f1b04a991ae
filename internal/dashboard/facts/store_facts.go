// Package facts keeps the dashboard's read model of the bookings tables: one row per live
// placement (its day, department, job template, worst colour and whether it is filled) and one
// per live instruction that counts (accepted by both sides, its placement's pipeline, or
// answered by its freelancer) with its rates, paid minutes, minutes to answer and how its money
// counts (status.PlacementCounts). The dashboard then groups a few narrow rows
// instead of joining a year of placements, instructions and events on every request.
//
// The rows come from bookings' read interface (reads.DashboardPlacementFacts,
// reads.DashboardInstructionFacts), which generates the status rules in SQL. The bookings feature
// owns the source tables and calls Refresh in the transaction of every
// change it makes (the same place it emits the change's event), so the facts never lag behind
// a committed change. Rebuild recomputes them all, for databases written before the facts
// existed (EnsureBuilt) and for data loaded in bulk around the bookings feature.
package facts

import (
	"context"
	"fmt"

	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/platform/database"
)

// Version is the facts' shape; EnsureBuilt rebuilds facts built by another Version or never.
const Version = 2

// Refresh recomputes the facts of one placement, or, when placement is 0, of every placement
// of booking: what a booking change event names.
func Refresh(ctx context.Context, tx *database.Tx, booking, placement int64) error {
	which, arg := "p.booking_id = ?", booking
	if placement != 0 {
		which, arg = "p.id = ?", placement
	}
	return write(ctx, tx, which, arg)
}

// Rebuild recomputes every fact in one transaction and records Version.
func Rebuild(ctx context.Context, db *database.DB) error {
	return db.InTx(ctx, func(tx *database.Tx) error {
		if err := write(ctx, tx, "1 = ?", 1); err != nil {
			return err
		}
		return database.MarkBuiltBy(ctx, tx, "dashboard_state", Version)
	})
}

// EnsureBuilt rebuilds the facts unless this Version built them.
func EnsureBuilt(ctx context.Context, db *database.DB) error {
	return database.EnsureBuiltBy(ctx, db, "dashboard facts", "dashboard_state", Version, Rebuild)
}

// write replaces the facts of the placements p matching which (a condition on placements p
// with one argument). The inserts update a fact that exists: on PostgreSQL two transactions
// refreshing one placement at once (two freelancers answering it) both delete, and the second's
// delete cannot see the rows the first inserted, which it then reads as committed and writes
// again. A cancelled placement and its instructions leave no facts: the bookings
// feature deletes a placement's instructions with it, so a fact never outlives its source.
func write(ctx context.Context, tx *database.Tx, which string, arg any) error {
	placements := reads.DashboardPlacements(which)
	if _, err := tx.Exec(ctx, `DELETE FROM dashboard_instructions WHERE placement_id IN (`+placements+`)`, arg); err != nil {
		return fmt.Errorf("forget instruction facts: %w", err)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM dashboard_placements WHERE placement_id IN (`+placements+`)`, arg); err != nil {
		return fmt.Errorf("forget placement facts: %w", err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO dashboard_placements (placement_id, department_id, job_template_id, local_date,
		worst_rank, filled)
		`+reads.DashboardPlacementFacts(which)+`
		ON CONFLICT (placement_id) DO UPDATE SET department_id = excluded.department_id,
			job_template_id = excluded.job_template_id, local_date = excluded.local_date,
			worst_rank = excluded.worst_rank, filled = excluded.filled`, arg); err != nil {
		return fmt.Errorf("write placement facts: %w", err)
	}
	rows, args := reads.DashboardInstructionFacts(tx.Dialect(), which)
	_, err := tx.Exec(ctx, `INSERT INTO dashboard_instructions (instruction_id, placement_id, department_id, local_date,
		user_id, green, answer_minute, sell_rate_minor, sell_currency, sell_period, buy_rate_minor, buy_currency, buy_period,
		paid_minutes, counted)
		`+rows+`
		ON CONFLICT (instruction_id) DO UPDATE SET placement_id = excluded.placement_id,
			department_id = excluded.department_id, local_date = excluded.local_date, user_id = excluded.user_id,
			green = excluded.green, answer_minute = excluded.answer_minute, sell_rate_minor = excluded.sell_rate_minor,
			sell_currency = excluded.sell_currency, sell_period = excluded.sell_period,
			buy_rate_minor = excluded.buy_rate_minor, buy_currency = excluded.buy_currency,
			buy_period = excluded.buy_period, paid_minutes = excluded.paid_minutes, counted = excluded.counted`, append(args, arg)...)
	if err != nil {
		return fmt.Errorf("write instruction facts: %w", err)
	}
	return nil
}
