package bookingbench

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"testing"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// generator is this package's source that makes the data: a change to it makes the kept data
// anew (databasetest.BenchWithCachedData).
//
//go:embed generate.go
var generator []byte

// Engines runs fn as a sub-benchmark per available engine, on a database holding the demo
// accounts and the scale data. The data is made once and kept between runs
// (databasetest.BenchWithCachedData, keyed by the migrations and the generator's source): a
// later run opens a copy in seconds instead of generating it for minutes.
func Engines(b *testing.B, fn func(b *testing.B, db *database.DB, d Data)) {
	sum := sha256.Sum256(generator)
	databasetest.BenchWithCachedData(b, "bookingbench_"+hex.EncodeToString(sum[:])[:12], func(b *testing.B, db *database.DB) Data {
		if _, err := accounts.SeedDemo(context.Background(), db); err != nil {
			b.Fatal(err)
		}
		return Generate(b, db)
	}, fn)
}
