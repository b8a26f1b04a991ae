package invoices

import (
	"context"
	"fmt"

	"github.com/hive/hive/internal/timesheets"
)

// IssueApproved issues the invoices of client entity client's approved timesheets worked on or
// before through, grouped by the client's billing rules (timesheets.RulesFor), for the user by.
func (s *Store) IssueApproved(ctx context.Context, client int64, through string, by int64) ([]Invoice, error) {
	lines, err := timesheets.ApprovedLines(ctx, s.DB, timesheets.LineFilter{ClientEntityIDs: []int64{client},
		EndDate: through})
	if err != nil {
		return nil, fmt.Errorf("approved timesheets: %w", err)
	}
	r, err := timesheets.RulesFor(ctx, s.DB, client)
	if err != nil {
		return nil, fmt.Errorf("billing rules: %w", err)
	}
	rules := Rules{Period: r.InvoicePeriod, PaymentDays: r.PaymentDays}
	return s.Issue(ctx, FromTimesheets(lines), func(int64) Rules { return rules }, by)
}
