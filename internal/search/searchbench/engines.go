package searchbench

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// Engines runs fn as a sub-benchmark per available engine, "sqlite" and (with
// HIVE_TEST_POSTGRES_URL) "postgres", on a database holding the demo accounts and the scale
// data, its clock at Today. The data is made once per engine, outside the sub-benchmark, whose
// function the testing package may run more than once.
func Engines(b *testing.B, fn func(b *testing.B, db *database.DB, d Data)) {
	databasetest.BenchWithData(b, func(b *testing.B, db *database.DB) Data {
		db.Now = clock.At(Today).Now
		if _, err := accounts.SeedDemo(context.Background(), db); err != nil {
			b.Fatal(err)
		}
		return Generate(b, db)
	}, fn)
}
