package places_test

import (
	"context"
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/places"
	"github.com/hive/hive/internal/platform/database"
)

// benchQueries are what people type: short and long prefixes, accents, common starts with
// thousands of matches ("san", "new") and ones with none.
var benchQueries = []string{"Sal", "Salford", "Man", "Manchester", "Lon", "san", "new", "Zur", "sao pa", "Sankt",
	"Glasg", "Cardi", "bri", "Birm", "lee", "St Hel", "Newcastle upon", "Köln", "Ber", "xyzzy"}

// BenchmarkLocations: GET /locations through the real HTTP stack, signed in, against the whole
// embedded gazetteer (docs/places.md); p50 and p95 in ms. Target: p95 under 5 ms. The index is
// built before the timer starts (its cost is logged), as the first request builds it in use.
func BenchmarkLocations(b *testing.B) {
	start := time.Now()
	x, err := places.Default()
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("gazetteer: %d places, index built in %s", x.Len(), time.Since(start).Round(time.Millisecond))
	engines := apptest.BenchEngines(b, func(context.Context, *database.DB) (string, error) {
		return fmt.Sprintf("no rows (the gazetteer is in memory: %d places)", x.Len()), nil
	})
	paths := make([]string, len(benchQueries))
	for i, q := range benchQueries {
		paths[i] = "/locations?query=" + url.QueryEscape(q)
	}
	for _, e := range engines {
		b.Run(e.Name, func(b *testing.B) { apptest.MeasurePages(b, e.Admin, paths) })
	}
}

// BenchmarkSearchIndex: the index alone, without HTTP, for the cost of a search itself.
func BenchmarkSearchIndex(b *testing.B) {
	x, err := places.Default()
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		x.Search(benchQueries[i%len(benchQueries)], places.MaxResults)
	}
}
