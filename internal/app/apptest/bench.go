package apptest

import (
	"context"
	"sort"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// BenchEngine is one database engine a benchmark measures, with the administrator signed in.
type BenchEngine struct {
	Name  string
	Admin *Client
}

// BenchEngines starts a Hive on SQLite and (with HIVE_TEST_POSTGRES_URL) PostgreSQL and fills
// each with fill, which says what it made. The data is made once per engine, before the
// measured sub-benchmarks (which run more than once while the framework sizes b.N).
func BenchEngines(b *testing.B, fill func(ctx context.Context, db *database.DB) (made string, err error)) []BenchEngine {
	b.Helper()
	var out []BenchEngine
	for _, e := range databasetest.Available() {
		db := e.Open(b)
		s := Start(b, db)
		start := time.Now()
		made, err := fill(context.Background(), db)
		if err != nil {
			b.Fatalf("%s: generate: %v", e.Name, err)
		}
		b.Logf("%s: generated %s in %s", e.Name, made, time.Since(start).Round(time.Millisecond))
		out = append(out, BenchEngine{Name: e.Name, Admin: s.Login("admin@hive.test")})
	}
	return out
}

// MeasurePages requests paths in turn, b.N times in all, as c; any status but 200 fails. It
// reports the median and 95th percentile latency in milliseconds (p50-ms, p95-ms) and, once
// each path has run at least twice, logs the three slowest paths by median, to show where the
// time goes.
func MeasurePages(b *testing.B, c *Client, paths []string) {
	b.Helper()
	latencies := make([]time.Duration, 0, b.N)
	perPath := map[string][]time.Duration{}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		path := paths[i%len(paths)]
		start := time.Now()
		res := c.Do("GET", path, nil)
		d := time.Since(start)
		if res.Status != 200 {
			b.Fatalf("GET %s: status %d: %.300s", path, res.Status, res.Body)
		}
		latencies = append(latencies, d)
		perPath[path] = append(perPath[path], d)
	}
	b.StopTimer()
	sort.Slice(latencies, func(i, j int) bool { return latencies[i] < latencies[j] })
	ms := func(p float64) float64 {
		return float64(latencies[int(p*float64(len(latencies)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(ms(0.50), "p50-ms")
	b.ReportMetric(ms(0.95), "p95-ms")
	if b.N < 2*len(paths) {
		return
	}
	type slow struct {
		path   string
		median time.Duration
	}
	var all []slow
	for p, ds := range perPath {
		sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
		all = append(all, slow{p, ds[len(ds)/2]})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].median > all[j].median })
	for _, s := range all[:min(3, len(all))] {
		b.Logf("slow page: %s median %s", s.path, s.median.Round(10*time.Microsecond))
	}
}
