package databasetest

import (
	"testing"

	"github.com/hive/hive/internal/platform/database"
)

// BenchWithData runs bench as a sub-benchmark per available engine (Available), "sqlite" and
// (with HIVE_TEST_POSTGRES_URL) "postgres", each on a fresh database that fill prepares once,
// outside the sub-benchmark: the testing package may run a sub-benchmark's function more than
// once while it sizes b.N, and scale data takes long to make.
func BenchWithData[D any](b *testing.B, fill func(b *testing.B, db *database.DB) D, bench func(b *testing.B, db *database.DB, d D)) {
	b.Helper()
	for _, e := range Available() {
		db := e.Open(b)
		d := fill(b, db)
		b.Run(e.Name, func(b *testing.B) { bench(b, db, d) })
	}
}
