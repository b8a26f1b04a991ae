package search_test

import (
	"context"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/benchmetrics"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/search"
	"github.com/hive/hive/internal/search/searchbench"
)

// benchSearch is the search benchmarks' one set-up, at the target scale (searchbench: 100,000
// freelancers, 50,000 bookings, 10,000 entities) on SQLite and (with HIVE_TEST_POSTGRES_URL)
// PostgreSQL: the store and the searcher as a principal, the manager of the client whose
// departments may hire every freelancer.
func benchSearch(b *testing.B, bench func(b *testing.B, db *database.DB, store *search.Store, searcher *auth.Principal, d searchbench.Data)) {
	searchbench.Engines(b, func(b *testing.B, db *database.DB, d searchbench.Data) {
		bench(b, db, &search.Store{DB: db}, principalOf(b, db, d.Searcher), d)
	})
}

// BenchmarkAdvancedSearch runs the target advanced search through the store, as the searcher:
// two skills, 25 miles around a town, free on every day of a 7-day range, by price. Each
// iteration takes the next town, skill pair and week. It reports p50 and p95 in ms and the mean
// number of results.
func BenchmarkAdvancedSearch(b *testing.B) {
	benchSearch(b, func(b *testing.B, _ *database.DB, store *search.Store, p *auth.Principal, d searchbench.Data) {
		ctx := context.Background()
		var towns []searchbench.Town
		for _, t := range searchbench.Towns {
			if t.Country == "GB" && t.Weight >= 2 {
				towns = append(towns, t)
			}
		}
		var took []time.Duration
		found := 0
		cpu0 := benchmetrics.ProcessCPU()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			t := towns[i%len(towns)]
			start := searchbench.Day0.AddDate(0, 0, (i*7)%(searchbench.Days-7))
			q := search.Query{Filter: search.Filter{
				Skills:   []int64{d.Skills[i%4], d.Skills[4+i%5]},
				Location: &search.Location{LocationName: t.Name, Latitude: t.Lat, Longitude: t.Lng}, Radius: 25,
				StartDate: start.Format(time.DateOnly), EndDate: start.AddDate(0, 0, 6).Format(time.DateOnly),
				SortKey: search.SortPrice,
			}}
			t0 := time.Now()
			rs, err := store.Advanced(ctx, search.ScopeOf(p), q)
			took = append(took, time.Since(t0))
			if err != nil {
				b.Fatal(err)
			}
			found += len(rs)
		}
		b.StopTimer()
		cpu := benchmetrics.ProcessCPU() - cpu0
		benchmetrics.ReportLatencies(b, took)
		b.ReportMetric(float64(found)/float64(b.N), "results")
		// The process's CPU per search: on SQLite all of the search's work (the engine runs in
		// the process), on PostgreSQL Hive's side only. Unlike the latencies it barely moves when
		// other work shares the cores.
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	})
}

// globalBenchQueries are the global search's benchmark queries, taken in turn: names (common
// and rare, with accents), two and three words, a typo, an apostrophe, an exact e-mail, and
// words that match most of the data set ("bench" is in every record's text, "title" in every
// freelancer's job titles).
var globalBenchQueries = []string{
	"zoe", "murphy", "ada murphy", "murhpy", "o'brien", "müller", "bench booking 4711", "booking 123",
	"northern studios", "department 42", "sb12345@searchbench.test", "bench title 07", "lena zielinski",
	"job 999", "supplier 3001", "bench",
}

// BenchmarkGlobalSearch runs the top bar's search through the store, as the searcher (who sees
// every freelancer) and as an administrator, in turn, over globalBenchQueries. It reports p50
// and p95 in ms, the mean number of results, and logs the slowest query and the index's size
// (searchbench logs the time index.Rebuild took to fill it).
func BenchmarkGlobalSearch(b *testing.B) {
	benchSearch(b, func(b *testing.B, db *database.DB, store *search.Store, searcher *auth.Principal, _ searchbench.Data) {
		ctx := context.Background()
		searchers := []*auth.Principal{searcher,
			{UserID: 1, Needs: auth.ComputeNeeds(auth.UserFlags{CanAdmin: true}, auth.Grants{})}}
		logIndexSize(b, db)
		var took []time.Duration
		perQuery := map[string]time.Duration{}
		found := 0
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			q := globalBenchQueries[i%len(globalBenchQueries)]
			t0 := time.Now()
			rs, err := store.Global(ctx, search.ScopeOf(searchers[(i/len(globalBenchQueries))%2]), search.Query{Query: q})
			d := time.Since(t0)
			if err != nil {
				b.Fatal(err)
			}
			took = append(took, d)
			perQuery[q] = max(perQuery[q], d)
			found += len(rs)
		}
		b.StopTimer()
		benchmetrics.ReportLatencies(b, took)
		b.ReportMetric(float64(found)/float64(b.N), "results")
		if b.N >= len(globalBenchQueries) {
			slowest := ""
			for q, d := range perQuery {
				if slowest == "" || d > perQuery[slowest] {
					slowest = q
				}
			}
			b.Logf("slowest query: %q %s", slowest, perQuery[slowest].Round(10*time.Microsecond))
		}
	})
}

// logIndexSize logs the index's rows and, where the engine tells, its size on disk.
func logIndexSize(b *testing.B, db *database.DB) {
	ctx := context.Background()
	var docs, terms, variants int64
	for q, dst := range map[string]*int64{`SELECT COUNT(*) FROM (SELECT DISTINCT source, record_id FROM search_terms) x`: &docs,
		`SELECT COUNT(*) FROM search_terms`: &terms, `SELECT COUNT(*) FROM search_variants`: &variants} {
		if err := db.Get(ctx, dst, q); err != nil {
			b.Fatal(err)
		}
	}
	var bytes int64
	q := `SELECT COALESCE(SUM(pgsize), 0) FROM dbstat WHERE name LIKE 'search%'`
	if db.Dialect == database.Postgres {
		q = `SELECT SUM(pg_total_relation_size(c.oid))::BIGINT FROM pg_class c WHERE c.relkind = 'r' AND c.relname LIKE 'search%'`
	}
	if err := db.Get(ctx, &bytes, q); err != nil {
		b.Logf("index: %d documents, %d terms, %d variants (size unknown: %v)", docs, terms, variants, err)
		return
	}
	b.Logf("index: %d documents, %d terms, %d variants, %.1f MB with its indexes", docs, terms, variants, float64(bytes)/1e6)
}
