package search_test

import (
	"context"
	"sort"
	"syscall"
	"testing"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/search"
	"github.com/hive/hive/internal/search/searchbench"
)

// BenchmarkAdvancedSearch runs the advanced search at the scale (searchbench:
// 100,000 freelancers, 50,000 bookings, 10,000 entities) through the store, as the manager of
// the client whose departments may hire every freelancer: two skills, 25 miles around a town,
// free on every day of a 7-day range, by price. Each iteration takes the next town, skill pair
// and week. It reports p50 and p95 in ms and the mean number of results; SQLite, and PostgreSQL
// with HIVE_TEST_POSTGRES_URL.
func BenchmarkAdvancedSearch(b *testing.B) {
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
		p := &auth.Principal{UserID: u.ID, Needs: needs}
		store := &search.Store{DB: db}
		var towns []searchbench.Town
		for _, t := range searchbench.Towns {
			if t.Country == "GB" && t.Weight >= 2 {
				towns = append(towns, t)
			}
		}
		var took []time.Duration
		found := 0
		cpu0 := cpuTime()
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
			rs, err := store.Advanced(ctx, p, q)
			took = append(took, time.Since(t0))
			if err != nil {
				b.Fatal(err)
			}
			found += len(rs)
		}
		b.StopTimer()
		cpu := cpuTime() - cpu0
		sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
		ms := func(q float64) float64 { return float64(took[int(q*float64(len(took)-1))].Microseconds()) / 1000 }
		b.ReportMetric(ms(0.5), "p50-ms")
		b.ReportMetric(ms(0.95), "p95-ms")
		b.ReportMetric(float64(found)/float64(b.N), "results")
		// The process's CPU per search: on SQLite all of the search's work (the engine runs in
		// the process), on PostgreSQL Hive's side only. Unlike the latencies it barely moves when
		// other work shares the cores.
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	})
}

// cpuTime is the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
