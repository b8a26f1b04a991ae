package directory_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/database"
)

// benchFreelancers is the scale All Users is built for: 100,000 freelancers.
const benchFreelancers = 100000

var (
	benchFirst = []string{"Amelia", "Oliver", "Isla", "Harry", "Ava", "Jack", "Mia", "Noah", "Grace", "Leo", "Chloe",
		"Tom", "Priya", "Ravi", "Zara", "Kai", "Nia", "Owen", "Erin", "Sami", "Lucas", "Emma", "Mateo", "Sofia", "Lena",
		"Jonas", "Elena", "Marco", "Ines", "Finn", "Anouk", "Pieter", "Maja", "Oskar", "Clara", "Hugo", "Aoife", "Cian"}
	benchLast = []string{"Hughes", "Bennett", "Okafor", "Lindqvist", "MacLeod", "Nowak", "Adeyemi", "Fitzgerald",
		"Castellano", "Whitaker", "Raman", "Gallagher", "Patel", "Turner", "Reid", "Shah", "Quinn", "Mills", "Evans",
		"Khan", "Murphy", "Kelly", "O'Brien", "Walsh", "Byrne", "Schmidt", "Müller", "Fischer", "Rossi", "Ricci",
		"Dubois", "Moreau", "Janssen", "de Vries", "Jensen", "Nielsen", "Kowalski", "Novak", "Silva", "Santos",
		"MacDonald", "Campbell", "Stewart", "Robertson", "Thomson", "Wright", "Walker", "Green", "Hall", "Wood"}
)

// generateFreelancers inserts n freelancers in multi-row INSERTs of 500 in one transaction,
// then refreshes the planner statistics.
func generateFreelancers(ctx context.Context, db *database.DB, n int) error {
	const batch = 500
	now := db.Now()
	err := db.InTx(ctx, func(tx *database.Tx) error {
		for start := 0; start < n; start += batch {
			var sb strings.Builder
			sb.WriteString(`INSERT INTO users (email, email_lc, first_name, last_name, label, country, timezone,
				account_status, onboarding_state, is_freelancer, created_at, updated_at, version) VALUES `)
			var args []any
			for i := start; i < min(start+batch, n); i++ {
				if i > start {
					sb.WriteByte(',')
				}
				first := benchFirst[i%len(benchFirst)]
				last := benchLast[(i/len(benchFirst))%len(benchLast)]
				if k := i / (len(benchFirst) * len(benchLast)); k > 0 { // more distinct surnames
					last = fmt.Sprintf("%s-%s", last, benchLast[k%len(benchLast)])
				}
				email := fmt.Sprintf("bench.%06d@scale.test", i)
				sb.WriteString("(?, ?, ?, ?, 'Camera Operator', 'GB', 'Europe/London', 'active', 'complete', ?, ?, ?, 1)")
				args = append(args, email, email, first, last, true, now, now)
			}
			if _, err := tx.Exec(ctx, sb.String(), args...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return db.InTx(ctx, func(tx *database.Tx) error {
		_, err := tx.Exec(ctx, `ANALYZE`)
		return err
	})
}

// benchPages are the Freelancer-tab requests: filtered by a name prefix and sorted, at the
// first, middle and last pages (the totals are read first).
var benchFilters = []string{
	"role=freelancer&lastName=mac&sort=lastName",
	"role=freelancer&lastName=Wa&sort=-lastName",
	"role=freelancer&firstName=ol&sort=lastName",
	"role=freelancer&lastName=o&sort=firstName",
}

// BenchmarkAllUsers measures the All Users grid (Freelancer tab, filtered by name, sorted) with
// 100,000 freelancers, as an administrator through the real HTTP stack, on SQLite and (with
// HIVE_TEST_POSTGRES_URL) PostgreSQL; it reports p50 and p95 per request in milliseconds.
func BenchmarkAllUsers(b *testing.B) {
	engines := apptest.BenchEngines(b, func(ctx context.Context, db *database.DB) (string, error) {
		return fmt.Sprintf("%d freelancers", benchFreelancers), generateFreelancers(ctx, db, benchFreelancers)
	})
	for _, e := range engines {
		b.Run(e.Name, func(b *testing.B) {
			c := e.Admin
			var pages []string
			for _, f := range benchFilters {
				var p struct {
					Items []json.RawMessage `json:"items"`
					Total int               `json:"total"`
				}
				c.Do("GET", "/account?"+f, nil).Want(200).Decode(&p)
				if p.Total < 100 || len(p.Items) == 0 {
					b.Fatalf("%s: total %d", f, p.Total)
				}
				last := (p.Total + 19) / 20
				b.Logf("%s: %d matches, %d pages", f, p.Total, last)
				for _, n := range []int{1, (last + 1) / 2, last} {
					pages = append(pages, fmt.Sprintf("/account?%s&page=%d&pageSize=20", f, n))
				}
			}
			apptest.MeasurePages(b, c, pages)
		})
	}
}
