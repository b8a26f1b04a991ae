package timesheets

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

func TestApprovedLinesOnAnEmptyDatabase(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		lines, err := ApprovedLines(context.Background(), db, LineFilter{Currency: "GBP", StartDate: "2027-01-01",
			EndDate: "2027-01-31", SupplierLegalEntityIDs: []int64{1}, Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if len(lines) != 0 {
			t.Fatalf("lines %+v", lines)
		}
	})
}
