package faults

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/database"
)

// grant is one (placement, freelancer) offer.
type grant struct{ placement, user int64 }

// ledger is what the load was told: the writes acknowledged (a 2xx received), the writes whose
// answer never came (in flight when the server died), and every answer's status.
type ledger struct {
	mu       sync.Mutex
	bookings []int64
	grants   []grant
	unsure   []grant
	refused  int
	statuses map[int]int
	bad      []string // answers that break the rules: a 5xx other than 503 S-503, a 503 of another shape
}

func (l *ledger) status(code int, body []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.statuses == nil {
		l.statuses = map[int]int{}
	}
	l.statuses[code]++
	if code >= 500 && (code != http.StatusServiceUnavailable || !strings.Contains(string(body), `"errorCode":"S-503"`) ||
		!strings.Contains(string(body), `"error":"`)) {
		l.bad = append(l.bad, fmt.Sprintf("%d %s", code, body))
	}
}

func (l *ledger) counts() (bookings, grants int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.bookings), len(l.grants)
}

// writeLoad creates one-day bookings of a job template of the demo's Sport department, each on
// a day of its own, and offers each booking's first placement to a freelancer of the
// department, from several clients at once.
type writeLoad struct {
	jobTemplate int64
	roster      []int64
	day         atomic.Int64
}

// prepareLoad finds the job template and the department's freelancers in a freshly seeded
// demo database, through the API where it can.
func prepareLoad(t *testing.T, s *server, dbURL string) *writeLoad {
	t.Helper()
	db, err := database.Connect(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	l := &writeLoad{}
	if err := db.Get(context.Background(), &l.jobTemplate, `SELECT jt.id FROM job_templates jt
		JOIN departments d ON d.id = jt.department_id WHERE d.name = 'Sport' ORDER BY jt.id LIMIT 1`); err != nil {
		t.Fatalf("demo job template: %v", err)
	}
	c := s.login("manager@hive.test")
	b, err := l.createBooking(context.Background(), c, nil)
	if err != nil || len(b.Placements) == 0 || b.Placements[0].PlacementTemplateID == nil {
		t.Fatalf("first booking: %+v %v", b, err)
	}
	var sup struct {
		Items []struct {
			User         struct{ ID int64 }
			Availability float64
		}
	}
	if status, err := c.do(context.Background(), "GET", fmt.Sprintf("/booking/%d/placement-template/%d/available-suppliers",
		b.ID, *b.Placements[0].PlacementTemplateID), nil, &sup); err != nil || status != 200 {
		t.Fatalf("available suppliers: %d %v", status, err)
	}
	for _, it := range sup.Items {
		if it.Availability == 1 {
			l.roster = append(l.roster, it.User.ID)
		}
	}
	if len(l.roster) < 2 {
		t.Fatalf("only %d freelancers to offer work to", len(l.roster))
	}
	return l
}

type bookingView struct {
	ID         int64
	Placements []struct {
		ID                  int64
		PlacementTemplateID *int64 `json:"placementTemplateId"`
	}
}

// createBooking creates a booking on the next free day; lg, when not nil, records the answer.
func (l *writeLoad) createBooking(ctx context.Context, c *client, lg *ledger) (bookingView, error) {
	day := time.Date(2031, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, int(l.day.Add(1)))
	var b bookingView
	status, body, err := c.raw(ctx, "POST", "/booking", map[string]any{"jobTemplateId": l.jobTemplate,
		"dates": []string{day.Format("2006-01-02")}}, &b)
	if err != nil {
		return b, err
	}
	if lg != nil {
		lg.status(status, body)
	}
	if status != http.StatusCreated {
		return b, fmt.Errorf("create booking: %d %s", status, body)
	}
	if lg != nil {
		lg.mu.Lock()
		lg.bookings = append(lg.bookings, b.ID)
		lg.mu.Unlock()
	}
	return b, nil
}

// offer grants g and records the answer: acknowledged, refused, or never answered.
func (l *writeLoad) offer(ctx context.Context, c *client, lg *ledger, g grant) error {
	var res struct {
		Inserted int
		Existing int
		Refused  []any
	}
	status, body, err := c.raw(ctx, "POST", fmt.Sprintf("/placement/%d/grant", g.placement),
		map[string]any{"userIds": []int64{g.user}, "placementIds": []int64{g.placement}}, &res)
	if err != nil {
		lg.mu.Lock()
		lg.unsure = append(lg.unsure, g)
		lg.mu.Unlock()
		return err
	}
	lg.status(status, body)
	if status != http.StatusOK {
		return fmt.Errorf("grant: %d %s", status, body)
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	switch {
	case res.Inserted == 1:
		lg.grants = append(lg.grants, g)
	case len(res.Refused) > 0:
		lg.refused++
	default:
		lg.bad = append(lg.bad, fmt.Sprintf("grant %+v: %s", g, body))
	}
	return nil
}

// run drives workers clients until ctx ends or a worker's onError says stop: each round makes
// a booking and offers its first placement.
func (l *writeLoad) run(ctx context.Context, clients []*client, lg *ledger, onError func(error) error) {
	var wg sync.WaitGroup
	var n atomic.Int64
	for _, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				b, err := l.createBooking(ctx, c, lg)
				if err == nil {
					u := l.roster[int(n.Add(1))%len(l.roster)]
					err = l.offer(ctx, c, lg, grant{b.Placements[0].ID, u})
				}
				if err != nil && onError(err) != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
}

// checkLedger checks, on the database, that every acknowledged write is there and that no
// (placement, freelancer) pair holds two instructions.
func checkLedger(t *testing.T, dbURL string, lg *ledger) {
	t.Helper()
	ctx := context.Background()
	db, err := database.Connect(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	missing := 0
	for _, id := range lg.bookings {
		var n int
		if err := db.Get(ctx, &n, `SELECT COUNT(*) FROM bookings WHERE id = ?`, id); err != nil || n != 1 {
			missing++
		}
	}
	for _, g := range lg.grants {
		var n int
		if err := db.Get(ctx, &n, `SELECT COUNT(*) FROM instructions WHERE placement_id = ? AND user_id = ?`, g.placement, g.user); err != nil || n != 1 {
			missing++
		}
	}
	var dups int
	if err := db.Get(ctx, &dups, `SELECT COUNT(*) FROM (SELECT placement_id, user_id FROM instructions
		GROUP BY placement_id, user_id HAVING COUNT(*) > 1) d`); err != nil {
		t.Fatal(err)
	}
	if missing > 0 || dups > 0 {
		t.Errorf("%d acknowledged writes missing, %d duplicated instructions", missing, dups)
	}
}
