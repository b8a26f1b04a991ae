package bookingbench

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// Engines runs fn as a sub-benchmark per available engine, "sqlite" and (with
// HIVE_TEST_POSTGRES_URL) "postgres", on a database holding the demo accounts and the scale
// data. The data is made once per engine, outside the sub-benchmark, whose function the testing
// package may run more than once.
func Engines(b *testing.B, fn func(b *testing.B, db *database.DB, d Data)) {
	for _, e := range databasetest.Available() {
		db := e.Open(b)
		if _, err := accounts.SeedDemo(context.Background(), db); err != nil {
			b.Fatal(err)
		}
		d := Generate(b, db)
		b.Run(e.Name, func(b *testing.B) { fn(b, db, d) })
	}
}
