package bookings

import (
	"context"
	"slices"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// The reads other features make of the bookings tables (docs/architecture.md, "Tables"):
// bookings owns bookings, placements and instructions; the agenda's cards and jobs' delete check
// read them here.

// PlacementCard is what an agenda card reads of its placement, booking, department and client
// (of PlacementRow, the columns the card query selects).
type PlacementCard struct {
	PlacementRow
	BookingTitle        string `db:"booking_title"`
	DepartmentID        int64  `db:"department_id"`
	DepartmentName      string `db:"department_name"`
	DepartmentTimezone  string `db:"department_timezone"`
	ClientName          string `db:"client_name"`
	SubstitutionAllowed bool   `db:"substitution_allowed"`
}

// Place is where the card's instructions sit, for InstructionViewOf.
func (c PlacementCard) Place() InstructionPlace {
	return InstructionPlace{PlacementID: c.ID, StartAt: c.StartAt, EndAt: c.EndAt, Overnight: c.Overnight,
		PlacementDeletedAt: c.DeletedAt, DepartmentID: c.DepartmentID, SubstitutionAllowed: c.SubstitutionAllowed,
		ClientName: c.ClientName, DepartmentName: c.DepartmentName}
}

// CardInstruction is one instruction of a card, with whether a live substitute replaced it.
type CardInstruction struct {
	InstructionRow
	Substituted bool `db:"substituted"`
}

// paddedIn is database.In with the list padded (by repeating its last id) to one of a few
// lengths, so pages of any size share a handful of statement texts in SQLite's prepared cache.
func paddedIn(ids []int64) (string, []any) {
	n := len(ids)
	for _, size := range []int{1, 5, 10, 20, 50, 100, 200} {
		if size >= n {
			n = size
			break
		}
	}
	padded := slices.Clone(ids)
	for len(padded) < n {
		padded = append(padded, ids[len(ids)-1])
	}
	return database.In(padded)
}

// PlacementCards reads placements ids with their booking, department and client, and their
// instructions (only onlyUser's when not zero), each with whether a live substitute replaced it.
func PlacementCards(ctx context.Context, db *database.DB, ids []int64, onlyUser int64) ([]PlacementCard, []CardInstruction, error) {
	marks, args := paddedIn(ids)
	var crs []PlacementCard
	if err := db.Select(ctx, &crs, `SELECT p.id, p.booking_id, p.title, p.local_date, p.start_time, p.end_time,
		p.start_at, p.end_at, p.timezone, p.overnight, p.deleted_at, b.title AS booking_title, b.department_id,
		d.name AS department_name, d.timezone AS department_timezone, e.name AS client_name, b.substitution_allowed
		FROM placements p JOIN bookings b ON b.id = p.booking_id JOIN departments d ON d.id = b.department_id
		JOIN entities e ON e.id = d.client_id WHERE p.id IN (`+marks+`)`, args...); err != nil {
		return nil, nil, err
	}
	query := `SELECT ` + InstructionColumns + `, EXISTS (SELECT 1 FROM instructions s WHERE s.substitution_of_id IS NOT NULL
		AND s.substitution_of_id = i.id AND ` + status.LiveSQL("s") + `) AS substituted
		FROM instructions i JOIN users u ON u.id = i.user_id WHERE i.placement_id IN (` + marks + `)`
	if onlyUser != 0 {
		query, args = query+` AND i.user_id = ?`, append(args, onlyUser)
	}
	var irs []CardInstruction
	if err := db.Select(ctx, &irs, query, args...); err != nil {
		return nil, nil, err
	}
	return crs, irs, nil
}
