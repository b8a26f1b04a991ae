// Package orgbench generates organisation data at scale (entities, departments, users and
// user-department links) and benchmarks the organisation list pages on it.
package orgbench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/hive/hive/internal/platform/database"
)

// Sizes says how much to generate.
type Sizes struct {
	Entities int // all kinds together
	Clients  int // of Entities; each gets 2 to 4 departments
	Users    int
	Links    int // user-department links, unique user/department pairs
}

// BenchScale is the scale organisations are measured at: 10,000 entities (2,000 clients
// with about 6,000 departments), 2,000 users and 100,000 user-department links.
var BenchScale = Sizes{Entities: 10000, Clients: 2000, Users: 2000, Links: 100000}

// Counts is what Generate wrote.
type Counts struct {
	Entities, Departments, Users, Links int
}

const batch = 500 // rows per INSERT: well inside both engines' parameter limits

var (
	adjectives = []string{"Northern", "Southern", "Eastern", "Western", "Royal", "Bright", "Silver", "Golden", "Blue",
		"Red", "Green", "Highland", "Coastal", "Urban", "Central", "Harbour", "River", "Summit", "Vale", "Metro"}
	nouns = []string{"Broadcasting", "Studios", "Media", "Pictures", "Productions", "Facilities", "Crew", "Talent",
		"Vision", "Sound", "Lighting", "Post", "Films", "Television", "Events", "Channels", "Networks", "Arts"}
	deptNames = []string{"Sport", "News", "Entertainment", "Drama", "Factual", "Music", "Children's", "Current Affairs",
		"Comedy", "Documentaries", "Live Events", "Weather"}
	firstNames = []string{"Amelia", "Oliver", "Isla", "Harry", "Ava", "Jack", "Mia", "Noah", "Grace", "Leo", "Chloe",
		"Tom", "Priya", "Ravi", "Zara", "Kai", "Nia", "Owen", "Erin", "Sami"}
	lastNames = []string{"Hughes", "Bennett", "Okafor", "Lindqvist", "MacLeod", "Nowak", "Adeyemi", "Fitzgerald",
		"Castellano", "Whitaker", "Raman", "Gallagher", "Patel", "Turner", "Reid", "Shah", "Quinn", "Mills", "Evans", "Khan"}
)

// entityKind spreads the non-client entities over the other kinds.
func entityKind(i, clients int) string {
	if i < clients {
		return "client"
	}
	switch i % 10 {
	case 0, 1:
		return "agency"
	case 2:
		return "base"
	}
	return "supplier"
}

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// insertRows writes n rows in multi-row INSERTs of batch rows inside one transaction. row
// returns the VALUES tuple of row i and its arguments.
func insertRows(ctx context.Context, db *database.DB, head string, n int, row func(i int) (string, []any)) error {
	return db.InTx(ctx, func(tx *database.Tx) error {
		for start := 0; start < n; start += batch {
			end := min(start+batch, n)
			var sb strings.Builder
			sb.WriteString(head)
			var args []any
			for i := start; i < end; i++ {
				if i > start {
					sb.WriteByte(',')
				}
				values, a := row(i)
				sb.WriteString(values)
				args = append(args, a...)
			}
			if _, err := tx.Exec(ctx, sb.String(), args...); err != nil {
				return fmt.Errorf("%s...: %w", head[:min(len(head), 40)], err)
			}
		}
		return nil
	})
}

func ids(ctx context.Context, db *database.DB, query string) ([]int64, error) {
	var out []int64
	return out, db.Select(ctx, &out, query)
}

// Generate writes sz into db (which should hold no organisation data yet) and refreshes the
// planner statistics. It is deterministic: the same sizes give the same data.
func Generate(ctx context.Context, db *database.DB, sz Sizes) (Counts, error) {
	rng := rand.New(rand.NewPCG(4, 2026))
	now := db.Now()
	var c Counts
	// Entities.
	err := insertRows(ctx, db, `INSERT INTO entities (name, name_lc, type, country, timezone, email, cancel_window_days,
		created_at, updated_at, version) VALUES `, sz.Entities, func(i int) (string, []any) {
		name := fmt.Sprintf("%s %s %d", adjectives[rng.IntN(len(adjectives))], nouns[rng.IntN(len(nouns))], i+1)
		return fmt.Sprintf("(%s, %s, '%s', 'GB', 'Europe/London', '', %d, ?, ?, 1)", quote(name),
			quote(strings.ToLower(name)), entityKind(i, sz.Clients), i%5), []any{now, now}
	})
	if err != nil {
		return c, err
	}
	c.Entities = sz.Entities
	clients, err := ids(ctx, db, `SELECT id FROM entities WHERE type = 'client' ORDER BY id`)
	if err != nil {
		return c, err
	}
	// Departments: 2 to 4 per client.
	type dept struct {
		client int64
		name   string
	}
	var depts []dept
	for i, client := range clients {
		for k := 0; k < 2+i%3; k++ {
			depts = append(depts, dept{client, deptNames[(i+k*5)%len(deptNames)]})
		}
	}
	err = insertRows(ctx, db, `INSERT INTO departments (client_id, name, name_lc, email, timezone, cancel_window_days,
		created_at, updated_at, version) VALUES `, len(depts), func(i int) (string, []any) {
		d := depts[i]
		return fmt.Sprintf("(%d, %s, %s, '', 'Europe/London', 1, ?, ?, 1)", d.client, quote(d.name),
			quote(strings.ToLower(d.name))), []any{now, now}
	})
	if err != nil {
		return c, err
	}
	c.Departments = len(depts)
	// Users (no password: they never sign in).
	err = insertRows(ctx, db, `INSERT INTO users (email, email_lc, first_name, last_name, label, country, timezone,
		account_status, onboarding_state, is_freelancer, created_at, updated_at, version) VALUES `, sz.Users,
		func(i int) (string, []any) {
			freelancer := i%10 < 7
			state, label := "staff", "Production Coordinator"
			if freelancer {
				state, label = "complete", "Camera Operator"
			}
			email := fmt.Sprintf("scale.user%05d@scale.test", i+1)
			return fmt.Sprintf("('%s', '%s', %s, %s, '%s', 'GB', 'Europe/London', 'active', '%s', %t, ?, ?, 1)",
				email, email, quote(firstNames[i%len(firstNames)]), quote(lastNames[(i/len(firstNames))%len(lastNames)]),
				label, state, freelancer), []any{now, now}
		})
	if err != nil {
		return c, err
	}
	c.Users = sz.Users
	userIDs, err := ids(ctx, db, `SELECT id FROM users WHERE email_lc LIKE 'scale.user%' ORDER BY id`)
	if err != nil {
		return c, err
	}
	deptIDs, err := ids(ctx, db, `SELECT id FROM departments ORDER BY id`)
	if err != nil {
		return c, err
	}
	// Links: unique pairs, spread evenly over the users.
	if sz.Links > len(userIDs)*len(deptIDs) {
		return c, fmt.Errorf("%d links do not fit %d users and %d departments", sz.Links, len(userIDs), len(deptIDs))
	}
	type pair struct{ user, dept int64 }
	seen := make(map[pair]bool, sz.Links)
	links := make([]pair, 0, sz.Links)
	for len(links) < sz.Links {
		p := pair{userIDs[len(links)%len(userIDs)], deptIDs[rng.IntN(len(deptIDs))]}
		if !seen[p] {
			seen[p] = true
			links = append(links, p)
		}
	}
	err = insertRows(ctx, db, `INSERT INTO user_department_refs (user_id, department_id, can_hire, can_manage, can_select,
		created_at, updated_at, version) VALUES `, len(links), func(i int) (string, []any) {
		r := rng.IntN(100)
		return fmt.Sprintf("(%d, %d, %t, %t, %t, ?, ?, 1)", links[i].user, links[i].dept, r < 60, r >= 90, r >= 50),
			[]any{now, now}
	})
	if err != nil {
		return c, err
	}
	c.Links = len(links)
	// Fresh statistics, as a live database would have.
	return c, db.InTx(ctx, func(tx *database.Tx) error {
		_, err := tx.Exec(ctx, `ANALYZE`)
		return err
	})
}
