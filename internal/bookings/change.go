package bookings

import (
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"time"
)

// PlacementFacts are what a freelancer agreed to of a placement when they accepted it (and
// after each change they acknowledged): its period as UTC instants in its zone, its unpaid
// breaks, title, notes and the department's address. Package acknowledge decides which of them
// a change changed materially.
type PlacementFacts struct {
	Title         string    `json:"title"`
	SupplierNotes string    `json:"supplierNotes"`
	UnpaidBreaks  int       `json:"unpaidBreaks" doc:"Minutes"`
	Address       string    `json:"address" doc:"The department's address, its lines joined with commas"`
	Timezone      string    `json:"timezone" doc:"The placement's (the department's) IANA zone"`
	StartAt       time.Time `json:"startAt" doc:"UTC"`
	EndAt         time.Time `json:"endAt" doc:"UTC"`
}

// ChangeToAcknowledge is a material change to an accepted instruction's placement that its
// freelancer has not acknowledged yet: what they last saw (Before), what it is now (After), the
// fields that differ, and since when it waits.
type ChangeToAcknowledge struct {
	Since  time.Time      `json:"since" doc:"When the first change not yet acknowledged was made"`
	Fields []string       `json:"fields" doc:"What differs: date, startTime, endTime, unpaidBreaks, title, supplierNotes, address"`
	Before PlacementFacts `json:"before"`
	After  PlacementFacts `json:"after"`
}

// changeColumn is an instruction's change to acknowledge as its row reads it (ChangeColumns):
// the stored JSON, or NULL when there is none.
type changeColumn struct{ Change *ChangeToAcknowledge }

// Scan reads the JSON text, or NULL.
func (c *changeColumn) Scan(v any) error {
	switch x := v.(type) {
	case nil:
		c.Change = nil
		return nil
	case []byte:
		return c.Scan(string(x))
	case string:
		var ch ChangeToAcknowledge
		if err := json.Unmarshal([]byte(x), &ch); err != nil {
			return fmt.Errorf("change to acknowledge: %w", err)
		}
		c.Change = &ch
		return nil
	}
	return fmt.Errorf("change to acknowledge: cannot read %T", v)
}

// Value writes the change as JSON text (NULL for none).
func (c changeColumn) Value() (driver.Value, error) {
	if c.Change == nil {
		return nil, nil
	}
	b, err := json.Marshal(c.Change)
	return string(b), err
}

// ChangeColumns reads instruction i's change to acknowledge (InstructionRow.Change), from
// bookings' instruction_acknowledgements (written by package acknowledge).
const ChangeColumns = `(SELECT a.change_json FROM instruction_acknowledgements a WHERE a.instruction_id = i.id) AS change_json`
