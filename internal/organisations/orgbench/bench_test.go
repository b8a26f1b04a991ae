package orgbench

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/database"
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
	{name: "entities", path: "/entity", total: BenchScale.Entities, pages: spread("name")},
	{name: "user-department-refs", path: "/associations/user-department-refs", total: BenchScale.Links, pages: spread("department", "user")},
}

// BenchmarkOrgLists measures the 'All Entities' and 'All User-Department connections' grid
// pages as an administrator, through the real HTTP stack, on 10,000 entities and 100,000
// links, on SQLite and (with HIVE_TEST_POSTGRES_URL) PostgreSQL. It reports the median and
// 95th percentile latency per request in milliseconds.
func BenchmarkOrgLists(b *testing.B) {
	engines := apptest.BenchEngines(b, func(ctx context.Context, db *database.DB) (string, error) {
		c, err := Generate(ctx, db, BenchScale)
		return fmt.Sprintf("%d entities, %d departments, %d users, %d links", c.Entities, c.Departments, c.Users, c.Links), err
	})
	for _, l := range lists {
		b.Run(l.name, func(b *testing.B) {
			for _, e := range engines {
				b.Run(e.Name, func(b *testing.B) { measure(b, e.Admin, l) })
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
	paths := make([]string, 0, len(pages))
	for _, q := range pages {
		paths = append(paths, l.path+q)
	}
	apptest.MeasurePages(b, c, paths)
}
