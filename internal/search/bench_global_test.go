package search_test

import (
	"context"
	"sort"
	"testing"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/search"
	"github.com/hive/hive/internal/search/searchbench"
)

// globalBenchQueries are the global search's benchmark queries, taken in turn: names (common
// and rare, with accents), two and three words, a typo, an apostrophe, an exact e-mail, and
// words that match most of the data set ("bench" is in every record's text, "title" in every
// freelancer's job titles).
var globalBenchQueries = []string{
	"zoe", "murphy", "ada murphy", "murhpy", "o'brien", "müller", "bench booking 4711", "booking 123",
	"northern studios", "department 42", "sb12345@searchbench.test", "bench title 07", "lena zielinski",
	"job 999", "supplier 3001", "bench",
}

// BenchmarkGlobalSearch runs the top bar's search at the scale (searchbench: 100,000
// freelancers, 50,000 bookings, 10,000 entities) through the store, as the manager of the
// searcher's client (who sees every freelancer) and as an administrator, in turn, over
// globalBenchQueries. It reports p50 and p95 in ms, the mean number of results, and logs the
// slowest query and the index's size (searchbench logs the time index.Rebuild took to fill
// it). SQLite, and PostgreSQL with HIVE_TEST_POSTGRES_URL.
func BenchmarkGlobalSearch(b *testing.B) {
	searchbench.Engines(b, func(b *testing.B, db *database.DB, d searchbench.Data) {
		ctx := context.Background()
		st := &accounts.Store{DB: db}
		u, err := st.User(ctx, d.Searcher)
		if err != nil {
			b.Fatal(err)
		}
		needs, err := st.Needs(ctx, u)
		if err != nil {
			b.Fatal(err)
		}
		searchers := []*auth.Principal{{UserID: u.ID, Needs: needs},
			{UserID: 1, Needs: auth.ComputeNeeds(auth.UserFlags{CanAdmin: true}, auth.Grants{})}}
		logIndexSize(b, db)
		store := &search.Store{DB: db}
		var took []time.Duration
		perQuery := map[string]time.Duration{}
		found := 0
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			q := globalBenchQueries[i%len(globalBenchQueries)]
			t0 := time.Now()
			rs, err := store.Global(ctx, searchers[(i/len(globalBenchQueries))%2], q)
			d := time.Since(t0)
			if err != nil {
				b.Fatal(err)
			}
			took = append(took, d)
			perQuery[q] = max(perQuery[q], d)
			found += len(rs)
		}
		b.StopTimer()
		sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
		ms := func(q float64) float64 { return float64(took[int(q*float64(len(took)-1))].Microseconds()) / 1000 }
		b.ReportMetric(ms(0.5), "p50-ms")
		b.ReportMetric(ms(0.95), "p95-ms")
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
