package reports

import (
	"os"
	"strings"
	"testing"

	"github.com/hive/hive/internal/platform/auth"
)

// TestTheColumnsAreDocumented checks docs/reports.md's header lines against the columns.
func TestTheColumnsAreDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/reports.md")
	if err != nil {
		t.Fatal(err)
	}
	manager := &auth.Principal{Needs: auth.NeedSet{auth.NeedClientManager: {}}}
	for name, h := range map[string][]string{
		"financial metrics (admin)": header(admin, financialColumns), "financial metrics (manager)": header(manager, financialColumns),
		"bookings": header(admin, bookingsColumns), "agency": header(admin, agencyColumns), "entities": header(admin, entityColumns),
		"users": header(admin, userColumns), "job templates": header(admin, jobTemplateColumns),
		"invoices":   header(admin, invoiceColumns),
		"timesheets": header(admin, timesheetColumns),
	} {
		if line := "\n    " + strings.Join(h, ", ") + "\n"; !strings.Contains(string(doc), line) {
			t.Errorf("docs/reports.md lacks the %s header:%s", name, line)
		}
	}
}
