package bookings_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/bookings/deadlines"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// The set-up the HTTP tests of this package share: the booking as they read it, and the steps
// they take to book, grant, answer and check the instructions a booking holds. Each test starts
// with orgtest.Engines (a Hive on each engine with the organisation world), or with withScene
// when the tests of a file share more than that.

// withScene runs test on each engine (orgtest.Engines) with what build makes in the world:
// the scene the tests of one file share (a booked world, the substitution or suppliers world).
func withScene[S any](t *testing.T, build func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) S,
	test func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, scene S)) {
	t.Helper()
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		test(t, s, db, w, build(t, s, db, w))
	})
}

// enginesAt runs test on each engine with the database's clock at at from the start, before the
// server and the organisation world are made (their rows and sessions dated then).
func enginesAt(t *testing.T, at time.Time, test func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World)) {
	t.Helper()
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		clockAt(db, at)
		test(t, apptest.Start(t, db), db, orgtest.Build(t, db))
	})
}

// clockAt stands the database's clock at at and returns it, for a test that moves it.
func clockAt(db *database.DB, at time.Time) *clock.Settable {
	clk := clock.At(at)
	db.Now = clk.Now
	return clk
}

// twoNodes is a Hive on PostgreSQL with the organisation world and a second handle on the same
// database, as a second server has (skipped without PostgreSQL). The second handle reads the
// first's clock whenever the test sets it.
func twoNodes(t *testing.T) (s *apptest.Server, db, other *database.DB, w orgtest.World) {
	t.Helper()
	db, url := databasetest.PostgresURL(t)
	other, err := database.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	other.Now = func() time.Time { return db.Now() }
	s = apptest.Start(t, db)
	return s, db, other, orgtest.Build(t, db)
}

// atOnce runs do(0) … do(n-1) in goroutines released together and waits for them all: the
// races these tests stage.
func atOnce(n int, do func(i int)) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			do(i)
		}()
	}
	close(start)
	wg.Wait()
}

// sweepAtOnce runs sweep on every node at once and answers how many records they acted on in
// all; it fails on any node's error.
func sweepAtOnce(t *testing.T, sweep deadlines.Sweep, nodes ...*database.DB) int {
	t.Helper()
	counts, errs := make([]int, len(nodes)), make([]error, len(nodes))
	atOnce(len(nodes), func(i int) { counts[i], errs[i] = sweep(context.Background(), nodes[i]) })
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	t.Logf("the nodes' counts: %v", counts)
	total := 0
	for _, n := range counts {
		total += n
	}
	return total
}

// wantEvents fails unless the event log holds n events of kind.
func wantEvents(t *testing.T, db *database.DB, kind string, n int) {
	t.Helper()
	if got := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM booking_events WHERE kind = ?`, kind); got != n {
		t.Errorf("%d %s events, want %d", got, kind, n)
	}
}

// booking is what these tests read of a booking view.
type booking struct {
	ID              int64
	Title           string
	JobTemplateName string
	Dates           []string
	CanManage       bool
	Placements      []struct {
		ID           int64
		Title        string
		Date         string
		Overnight    bool
		LocalPeriod  struct{ Start, End string }
		Version      []string
		Instructions []instruction
	}
}

// instruction is what these tests read of an instruction in the booking view and the agenda.
type instruction struct {
	ID                     int64
	UserID                 int64
	SupplierStatus         string
	ClientStatus           string
	PreviousSupplierStatus *string
	SubstitutionOfID       *int64
	CancellationReason     string
	Version                int
	BuyRate                *struct{ Rate float64 }
	SellRate               struct{ Rate float64 }
	IsCritical             bool
	SupplierID             *int64
	LegalEntityID          *int64
	Notes                  string
	HiveUser               *bookings.InstructionModifier
	bookings.InstructionActions
	bookings.HoldFacts
}

// placementIDs lists the booking's placements in the view's order.
func (b booking) placementIDs() []int64 {
	ids := []int64{}
	for _, p := range b.Placements {
		ids = append(ids, p.ID)
	}
	return ids
}

// book creates a booking as the department's manager from body (jobTemplateId, dates and any
// option) and returns the created view.
func book(t *testing.T, s *apptest.Server, body map[string]any) booking {
	t.Helper()
	return bookAs(t, s, apptest.DeptMgr, body)
}

// bookAs is book by the manager role.
func bookAs(t *testing.T, s *apptest.Server, role string, body map[string]any) booking {
	t.Helper()
	var b booking
	s.As(role).Do("POST", "/booking", body).Want(201).Decode(&b)
	return b
}

// bookingAs reads booking id as role sees it.
func bookingAs(t *testing.T, s *apptest.Server, role string, id int64) booking {
	t.Helper()
	var b booking
	s.As(role).Do("GET", fmt.Sprintf("/booking/%d", id), nil).Want(200).Decode(&b)
	return b
}

// bookingOf is the booking a placement belongs to.
func bookingOf(t *testing.T, db *database.DB, placement int64) int64 {
	var id int64
	if err := db.Get(context.Background(), &id, `SELECT booking_id FROM placements WHERE id = ?`, placement); err != nil {
		t.Error(err)
	}
	return id
}

// grant instructs users on one placement, as the department's manager.
func grant(t *testing.T, s *apptest.Server, placement int64, users ...int64) {
	t.Helper()
	s.As(apptest.DeptMgr).Do("POST", fmt.Sprintf("/placement/%d/grant", placement),
		map[string]any{"userIds": users, "placementIds": []int64{placement}}).Want(200)
}

// grantEvery instructs one user on every placement given (the grant's userId form), as the
// department's manager.
func grantEvery(t *testing.T, s *apptest.Server, user int64, placements ...int64) {
	t.Helper()
	s.As(apptest.DeptMgr).Do("POST", fmt.Sprintf("/placement/%d/grant", placements[0]),
		map[string]any{"userId": user, "placementIds": placements}).Want(200)
}

// answerAsSupplier sets the supplier side of user's instruction on placement, as the manager
// does for a freelancer ("as supplier").
func answerAsSupplier(t *testing.T, s *apptest.Server, db *database.DB, placement, user int64, to string) {
	t.Helper()
	s.As(apptest.DeptMgr).Do("PATCH", "/instruction/status", []map[string]any{
		{"id": instructionID(t, db, placement, user), "supplierStatus": to}}).Want(200)
}

// instructionID is user's live instruction on placement.
func instructionID(t *testing.T, db *database.DB, placement, user int64) int64 {
	t.Helper()
	var id int64
	if err := db.Get(context.Background(), &id, `SELECT id FROM instructions WHERE placement_id = ? AND user_id = ?
		AND deleted_at IS NULL`, placement, user); err != nil {
		t.Fatalf("instruction of user %d on placement %d: %v", user, placement, err)
	}
	return id
}

// markUnavailable marks user unavailable on the dates, as of the database's clock.
func markUnavailable(t *testing.T, db *database.DB, user int64, dates ...string) {
	t.Helper()
	for _, d := range dates {
		insertID(t, db, `INSERT INTO unavailability (user_id, date, created_at) VALUES (?, ?, ?) RETURNING id`, user, d)
	}
}

// liveInstructionsOf counts user's instructions that are not deleted.
func liveInstructionsOf(t *testing.T, db *database.DB, user int64) int {
	t.Helper()
	return databasetest.Get[int](t, db, `SELECT COUNT(*) FROM instructions WHERE user_id = ? AND deleted_at IS NULL`, user)
}

// everyInstructionChangeAudited fails unless each instruction has one audit row per version:
// every write of an instruction records its change in the same transaction.
func everyInstructionChangeAudited(t *testing.T, db *database.DB) {
	t.Helper()
	if unaudited := bookingstest.UnauditedInstructions(t, db); unaudited != 0 {
		t.Errorf("%d instructions whose changes are not all audited", unaudited)
	}
}

// insertID runs a statement returning one id (RETURNING), in a transaction, with the
// transaction's clock filled in for the trailing created_at/updated_at placeholders the
// arguments leave.
func insertID(t *testing.T, db *database.DB, query string, args ...any) int64 {
	t.Helper()
	var id int64
	ctx := context.Background()
	err := db.InTx(ctx, func(tx *database.Tx) error {
		for strings.Count(query, "?") > len(args) {
			args = append(args, tx.Now)
		}
		return tx.Get(ctx, &id, query, args...)
	})
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return id
}

// wantMessage fails unless res has the status and its error says msg.
func wantMessage(t *testing.T, res *apptest.Response, status int, msg string) {
	t.Helper()
	res.Want(status)
	var e struct{ Error string }
	res.Decode(&e)
	if e.Error != msg {
		t.Errorf("error %q, want %q", e.Error, msg)
	}
}
