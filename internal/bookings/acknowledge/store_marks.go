package acknowledge

import (
	"context"
	"encoding/json"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/organisations/departments"
	"github.com/hive/hive/internal/platform/database"
)

// The marks follow every write that may change what an accepted freelancer agreed to: a
// placement's amendment (the core's AfterPlacementChange), a department's update (its address;
// departments' AfterChange), and a status write (AfterStatusChange: an instruction no longer
// accepted has nothing to acknowledge).
func init() {
	bookings.AfterPlacementChange(watchPlacements)
	departments.AfterChange(watchDepartment)
	bookings.AfterStatusChange(clearUnaccepted)
}

// acceptedSQL holds for an instruction i its freelancer accepted that is still live: the work
// whose changes they must acknowledge.
const acceptedSQL = `i.deleted_at IS NULL AND i.supplier_status = 'accepted' AND i.client_status NOT IN ('cancelled', 'rejected')`

// factsRow is an accepted instruction with the facts of its placement.
type factsRow struct {
	InstructionID int64     `db:"instruction_id"`
	PlacementID   int64     `db:"placement_id"`
	UserID        int64     `db:"user_id"`
	Title         string    `db:"title"`
	SupplierNotes string    `db:"supplier_notes"`
	UnpaidBreaks  int       `db:"unpaid_breaks"`
	Timezone      string    `db:"timezone"`
	StartAt       time.Time `db:"start_at"`
	EndAt         time.Time `db:"end_at"`
	Address1      string    `db:"address1"`
	Address2      string    `db:"address2"`
	Address3      string    `db:"address3"`
	Address4      string    `db:"address4"`
	Change        *string   `db:"change_json"`
}

func (r factsRow) facts() bookings.PlacementFacts {
	return bookings.PlacementFacts{Title: r.Title, SupplierNotes: r.SupplierNotes, UnpaidBreaks: r.UnpaidBreaks,
		Address: Address(r.Address1, r.Address2, r.Address3, r.Address4), Timezone: r.Timezone,
		StartAt: r.StartAt.UTC(), EndAt: r.EndAt.UTC()}
}

// readFacts reads the accepted instructions of live placements where (a condition on
// placements p and bookings b) holds, with their marks, by instruction id.
func readFacts(ctx context.Context, tx *database.Tx, where string, args ...any) (map[int64]factsRow, error) {
	var rows []factsRow
	err := tx.Select(ctx, &rows, `SELECT i.id AS instruction_id, p.id AS placement_id, i.user_id, p.title,
		p.supplier_notes, p.unpaid_breaks, p.timezone, p.start_at, p.end_at, d.address1, d.address2, d.address3,
		d.address4, a.change_json
		FROM instructions i JOIN placements p ON p.id = i.placement_id JOIN bookings b ON b.id = p.booking_id
		JOIN departments d ON d.id = b.department_id
		LEFT JOIN instruction_acknowledgements a ON a.instruction_id = i.id
		WHERE p.deleted_at IS NULL AND `+acceptedSQL+` AND `+where+` ORDER BY i.id`, args...)
	out := make(map[int64]factsRow, len(rows))
	for _, r := range rows {
		out[r.InstructionID] = r
	}
	return out, err
}

// watchPlacements reads the accepted work of placements before their amendment and, after it,
// marks what changed (bookings.PlacementHook).
func watchPlacements(ctx context.Context, tx *database.Tx, placements []int64) (func() error, error) {
	marks, args := database.In(placements)
	where := `p.id IN (` + marks + `)`
	return watch(ctx, tx, where, args...)
}

// watchDepartment does the same for the work of a department not yet ended, whose address
// may change (departments.ChangeHook).
func watchDepartment(ctx context.Context, tx *database.Tx, department int64) (func() error, error) {
	return watch(ctx, tx, `b.department_id = ? AND p.end_at > ?`, department, tx.Now)
}

func watch(ctx context.Context, tx *database.Tx, where string, args ...any) (func() error, error) {
	before, err := readFacts(ctx, tx, where, args...)
	if err != nil || len(before) == 0 {
		return nil, err
	}
	return func() error {
		after, err := readFacts(ctx, tx, where, args...)
		if err != nil {
			return err
		}
		for id, now := range after {
			was, ok := before[id]
			if !ok || same(was.facts(), now.facts()) {
				continue // not accepted before, or this write changed nothing of it
			}
			if err := mark(ctx, tx, now, was.facts()); err != nil {
				return err
			}
		}
		return nil
	}, nil
}

// mark sets, updates or clears instruction r's mark after a change that left its placement as
// r holds it, seen before the change as was. What the freelancer last saw is the mark's before
// when there is one (a further change keeps it, so a change reverted is seen as reverted),
// else was; nothing material left between that and now clears the mark.
func mark(ctx context.Context, tx *database.Tx, r factsRow, was bookings.PlacementFacts) error {
	change := bookings.ChangeToAcknowledge{Since: tx.Now.UTC(), Before: was, After: r.facts()}
	if r.Change != nil {
		var cur bookings.ChangeToAcknowledge
		if err := json.Unmarshal([]byte(*r.Change), &cur); err != nil {
			return err
		}
		change.Since, change.Before = cur.Since, cur.Before
	}
	change.Fields = Material(change.Before, change.After)
	if len(change.Fields) == 0 {
		_, err := tx.Exec(ctx, `DELETE FROM instruction_acknowledgements WHERE instruction_id = ?`, r.InstructionID)
		return err
	}
	data, err := json.Marshal(change)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO instruction_acknowledgements (instruction_id, placement_id, user_id, change_json,
		since, changed_at) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (instruction_id) DO UPDATE SET change_json = excluded.change_json, changed_at = excluded.changed_at`,
		r.InstructionID, r.PlacementID, r.UserID, string(data), change.Since, tx.Now)
	return err
}

// clearUnaccepted drops the mark of an instruction whose status write leaves it no longer
// accepted (rejected, cancelled, substituted): there is nothing left to acknowledge
// (bookings.StatusHook).
func clearUnaccepted(ctx context.Context, tx *database.Tx, t bookings.Target) (func() error, error) {
	if t.Change.Change == nil {
		return nil, nil
	}
	return func() error {
		_, err := tx.Exec(ctx, `DELETE FROM instruction_acknowledgements WHERE instruction_id = ? AND NOT EXISTS
			(SELECT 1 FROM instructions i WHERE i.id = ? AND `+acceptedSQL+`)`, t.ID, t.ID)
		return err
	}, nil
}

// same reports whether two readings of a placement's facts agree in every field.
func same(a, b bookings.PlacementFacts) bool {
	return a.StartAt.Equal(b.StartAt) && a.EndAt.Equal(b.EndAt) && a.Title == b.Title && a.SupplierNotes == b.SupplierNotes &&
		a.UnpaidBreaks == b.UnpaidBreaks && a.Address == b.Address && a.Timezone == b.Timezone
}
