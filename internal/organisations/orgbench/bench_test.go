package orgbench

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// list is one grid page under test: its path and the query of each page requested.
type list struct {
	name  string
	path  string
	total int
	pages func(total int) []string
}

// spread requests the first, second, middle and last pages in the default order and sorted by
// each name both ways.
func spread(sortNames ...string) func(total int) []string {
	return func(total int) []string {
		last := (total + 19) / 20
		sorts := []string{""}
		for _, n := range sortNames {
			sorts = append(sorts, n, "-"+n)
		}
		var qs []string
		for _, sort := range sorts {
			for _, page := range []int{1, 2, last / 2, last} {
				q := fmt.Sprintf("?page=%d&pageSize=20", page)
				if sort != "" {
					q += "&sort=" + sort
				}
				qs = append(qs, q)
			}
		}
		return qs
	}
}

var lists = []list{
	{name: "entities", path: "/entity", total: Issue4.Entities, pages: spread("name")},
	{name: "user-department-refs", path: "/associations/user-department-refs", total: Issue4.Links, pages: spread("department", "user")},
}

type engine struct {
	name string
	open func(testing.TB) *database.DB
}

// BenchmarkOrgLists measures the 'All Entities' and 'All User-Department connections' grid
// pages as an administrator, through the real HTTP stack, on 10,000 entities and 100,000
// links, on SQLite and (with HIVE_TEST_POSTGRES_URL) PostgreSQL. It reports the median and
// 95th percentile latency per request in milliseconds.
func BenchmarkOrgLists(b *testing.B) {
	engines := []engine{{"sqlite", databasetest.SQLite}}
	if os.Getenv(databasetest.PostgresURLVar) != "" {
		engines = append(engines, engine{"postgres", databasetest.Postgres})
	}
	clients := map[string]*apptest.Client{}
	for _, e := range engines {
		db := e.open(b)
		s := apptest.Start(b, db)
		start := time.Now()
		c, err := Generate(context.Background(), db, Issue4)
		if err != nil {
			b.Fatalf("%s: generate: %v", e.name, err)
		}
		b.Logf("%s: generated %d entities, %d departments, %d users, %d links in %s", e.name, c.Entities,
			c.Departments, c.Users, c.Links, time.Since(start).Round(time.Millisecond))
		clients[e.name] = s.Login("admin@hive.test")
	}
	for _, l := range lists {
		b.Run(l.name, func(b *testing.B) {
			for _, e := range engines {
				b.Run(e.name, func(b *testing.B) { measure(b, clients[e.name], l) })
			}
		})
	}
}

func measure(b *testing.B, c *apptest.Client, l list) {
	pages := l.pages(l.total)
	// Every page answers, and the list holds what was generated (at least: demo rows add to it).
	for _, q := range pages {
		res := c.Do("GET", l.path+q, nil)
		if res.Status != 200 {
			b.Fatalf("GET %s%s: status %d (is the list operation there yet?): %.300s", l.path, q, res.Status, res.Body)
		}
		var page struct {
			Items []json.RawMessage `json:"items"`
			Total int               `json:"total"`
		}
		if err := json.Unmarshal(res.Body, &page); err != nil {
			b.Fatalf("GET %s%s: %v", l.path, q, err)
		}
		if page.Total < l.total || len(page.Items) == 0 {
			b.Fatalf("GET %s%s: total %d with %d items, want a total of at least %d", l.path, q, page.Total, len(page.Items), l.total)
		}
	}
	latencies := make([]time.Duration, 0, b.N)
	perPage := map[string][]time.Duration{}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := pages[i%len(pages)]
		start := time.Now()
		res := c.Do("GET", l.path+q, nil)
		d := time.Since(start)
		latencies = append(latencies, d)
		perPage[q] = append(perPage[q], d)
		if res.Status != 200 {
			b.Fatalf("GET %s%s: status %d: %.300s", l.path, q, res.Status, res.Body)
		}
	}
	b.StopTimer()
	sort.Slice(latencies, func(i, j int) bool { return latencies[i] < latencies[j] })
	ms := func(p float64) float64 {
		return float64(latencies[int(p*float64(len(latencies)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(ms(0.50), "p50-ms")
	b.ReportMetric(ms(0.95), "p95-ms")
	if b.N >= 2*len(pages) { // the slowest pages by median, to show where the time goes
		type slow struct {
			q      string
			median time.Duration
		}
		var all []slow
		for q, ds := range perPage {
			sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
			all = append(all, slow{q, ds[len(ds)/2]})
		}
		sort.Slice(all, func(i, j int) bool { return all[i].median > all[j].median })
		for _, s := range all[:3] {
			b.Logf("slow page: %s%s median %s", l.path, s.q, s.median.Round(10*time.Microsecond))
		}
	}
}
