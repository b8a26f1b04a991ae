package search_test

import (
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/search"
)

// FuzzSearch: whatever the text, POST /search answers 200 with a list sorted by hiveRank (never
// a 5xx), as an administrator and as a client's manager (whose search adds the visibility
// rules), on both engines. `go test` runs the seed corpus: the known bad inputs (a query
// of 10,000 characters, FTS and SQL operators, emoji, right-to-left text, NUL bytes, invalid
// UTF-8); `go test -fuzz FuzzSearch` explores further.
func FuzzSearch(f *testing.F) {
	for _, seed := range []string{
		strings.Repeat("a", 10000), strings.Repeat("camera ", 1500), strings.Repeat("é", 5000),
		`"`, `""`, `*`, `cam*`, `NEAR`, `camera NEAR operator`, `NEAR(camera operator, 2)`, `OR`, `camera OR operator`,
		`AND NOT`, `:`, `title:camera`, `'`, `''`, `o'brien`, `--`, `camera -- operator`, `'; DROP TABLE users; --`,
		`%`, `_`, `\`, `%_\`, `{}[]()^~`, `🎥📷🎬`, `camera 🎥 operator`, `שלום עולם`, `مرحبا بالعالم`, "\u202ecamera\u202c",
		"\x00", "cam\x00era", "\x00\x00\x00abc", "\xff\xfe\xfd", "caf\xc3", "\t\n\r ", "ca", "", "BK-2024-0042",
		"camille.durand@example.com", "=camille", "=bk-2024-0042", "\U0010FFFF\U0010FFFF\U0010FFFF", "zzzzz\U0010FFFF",
	} {
		f.Add(seed)
	}
	type engine struct {
		name string
		g    *globalWorld
	}
	open := []struct {
		name string
		db   func(testing.TB) *database.DB
	}{{"sqlite", databasetest.SQLite}}
	if os.Getenv(databasetest.PostgresURLVar) != "" {
		open = append(open, struct {
			name string
			db   func(testing.TB) *database.DB
		}{"postgres", databasetest.Postgres})
	}
	var engines []engine
	for _, o := range open {
		engines = append(engines, engine{o.name, buildGlobal(f, o.db(f), true)})
	}
	f.Fuzz(func(t *testing.T, query string) {
		for _, e := range engines {
			e.g.s.T = t // the server's helpers report to this input's test
			for _, role := range []string{apptest.Admin, apptest.Manager} {
				res := e.g.s.As(role).Do("POST", "/search", map[string]any{"data": map[string]any{"query": query}})
				if res.Status != http.StatusOK {
					t.Fatalf("%s as %s, %q: status %d: %.300s", e.name, role, query, res.Status, res.Body)
				}
				var out struct{ Data []search.Result }
				res.Decode(&out)
				for i := 1; i < len(out.Data); i++ {
					if out.Data[i].HiveRank > out.Data[i-1].HiveRank {
						t.Fatalf("%s as %s, %q: not sorted by hiveRank", e.name, role, query)
					}
				}
			}
		}
	})
}
