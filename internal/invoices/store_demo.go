package invoices

import (
	"context"
	"fmt"
	"time"

	"github.com/hive/hive/internal/organisations/legalentities"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/timesheets"
)

// DemoSuppliers are the demo's supplier legal entities that agreed to self-billing, by name.
// Chen Camera Ltd has not: Maya Chen agrees on its page in the invoices journey.
var DemoSuppliers = []string{"Felix Reid Camera", "Osei Pictures Ltd", "Crewline Facilities Ltd"}

// SeedDemo gives the demo its self-billing: the demo suppliers agree, and the approved
// timesheets the demo holds are invoiced; when that issues two invoices or more, the first is
// marked paid and the last voided with its credit note, its timesheets then invoiced again, so
// the chain shows a paid invoice, a credit note and an issued invoice. It runs after the
// timesheets' demo data and issues nothing once any invoice exists.
func SeedDemo(ctx context.Context, db *database.DB) error {
	s := &Store{DB: db}
	les := &legalentities.Store{DB: db}
	for _, name := range DemoSuppliers {
		found, _, err := les.List(ctx, legalentities.ListQuery{Name: name, Limit: 1, Visible: database.SeesAll()})
		if err != nil {
			return fmt.Errorf("demo supplier %s: %w", name, err)
		}
		if len(found) == 0 {
			continue
		}
		sb, err := s.SelfBilling(ctx, found[0].ID)
		if err != nil {
			return err
		}
		if sb.Version == 0 {
			if _, err := s.SetSelfBilling(ctx, found[0].ID, true, 0, 0, "Demo data"); err != nil {
				return err
			}
		}
	}
	var issued bool
	if err := db.Get(ctx, &issued, `SELECT EXISTS (SELECT 1 FROM invoices)`); err != nil || issued {
		return err // issued once already: a voided invoice's timesheets stay as the demo left them
	}
	docs, err := issueApproved(ctx, s)
	if err != nil || len(docs) < 2 {
		return err
	}
	allow := func(Invoice) error { return nil }
	today := db.Now().UTC().Format(time.DateOnly)
	if _, err := s.Change(ctx, docs[0].ID, docs[0].Version, Change{Status: StatusPaid, PaidOn: today}, allow, 0); err != nil {
		return fmt.Errorf("demo paid invoice: %w", err)
	}
	last := docs[len(docs)-1]
	if _, err := s.Change(ctx, last.ID, last.Version, Change{Status: StatusVoid,
		Reason: "Hours corrected after the shoot"}, allow, 0); err != nil {
		return fmt.Errorf("demo voided invoice: %w", err)
	}
	_, err = issueApproved(ctx, s) // the voided invoice's timesheets, invoiced again
	return err
}

// issueApproved issues the invoices of every approved timesheet not billed yet, under each
// client's billing rules, as the deadlines worker would.
func issueApproved(ctx context.Context, s *Store) ([]Invoice, error) {
	lines, err := timesheets.ApprovedLines(ctx, s.DB, timesheets.LineFilter{})
	if err != nil {
		return nil, fmt.Errorf("demo approved timesheets: %w", err)
	}
	rules := map[int64]Rules{}
	for _, l := range lines {
		if _, ok := rules[l.ClientEntityID]; ok {
			continue
		}
		r, err := timesheets.RulesFor(ctx, s.DB, l.ClientEntityID)
		if err != nil {
			return nil, err
		}
		rules[l.ClientEntityID] = Rules{Period: r.InvoicePeriod, PaymentDays: r.PaymentDays}
	}
	return s.Issue(ctx, FromTimesheets(lines), func(e int64) Rules { return rules[e] }, 0)
}
