package bookingbench

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// Engines runs fn as a sub-benchmark per available engine (databasetest.BenchWithData), on a
// database holding the demo accounts and the scale data, made once per engine.
func Engines(b *testing.B, fn func(b *testing.B, db *database.DB, d Data)) {
	databasetest.BenchWithData(b, func(b *testing.B, db *database.DB) Data {
		if _, err := accounts.SeedDemo(context.Background(), db); err != nil {
			b.Fatal(err)
		}
		return Generate(b, db)
	}, fn)
}
