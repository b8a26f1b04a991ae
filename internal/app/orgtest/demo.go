package orgtest

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/organisations/demo"
	"github.com/hive/hive/internal/platform/database"
)

// SeedDemo seeds the demo accounts and the demo organisations on db (an error fails the test):
// the set-up of the tests of what is built on the demo data, such as the demo freelancers, job
// templates and rates.
func SeedDemo(t testing.TB, db *database.DB) {
	t.Helper()
	ctx := context.Background()
	if _, err := accounts.SeedDemo(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := demo.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
}
