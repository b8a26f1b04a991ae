package bookingstest

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
	"github.com/hive/hive/internal/bookings/deadlines"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// The set-up the HTTP tests of bookings and its sub-features share: the booking as they read it,
// and the steps they take to book, grant, answer and check the instructions a booking holds.
// Each test starts with orgtest.Engines (a Hive on each engine with the organisation world), or
// with WithScene when the tests of a file share more than that.

// WithScene runs test on each engine (orgtest.Engines) with what build makes in the world:
// the scene the tests of one file share (a booked world, the substitution or suppliers world).
func WithScene[S any](t *testing.T, build func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) S,
	test func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, scene S)) {
	t.Helper()
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		test(t, s, db, w, build(t, s, db, w))
	})
}

// EnginesAt runs test on each engine with the database's clock at at from the start, before the
// server and the organisation world are made (their rows and sessions dated then).
func EnginesAt(t *testing.T, at time.Time, test func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World)) {
	t.Helper()
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ClockAt(db, at)
		test(t, apptest.Start(t, db), db, orgtest.Build(t, db))
	})
}

// ClockAt stands the database's clock at at and returns it, for a test that moves it.
func ClockAt(db *database.DB, at time.Time) *clock.Settable {
	clk := clock.At(at)
	db.Now = clk.Now
	return clk
}

// TwoNodes is a Hive on PostgreSQL with the organisation world and a second handle on the same
// database, as a second server has (skipped without PostgreSQL). The second handle reads the
// first's clock whenever the test sets it.
func TwoNodes(t *testing.T) (s *apptest.Server, db, other *database.DB, w orgtest.World) {
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

// AtOnce runs do(0) … do(n-1) in goroutines released together and waits for them all: the
// races these tests stage.
func AtOnce(n int, do func(i int)) {
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

// SweepAtOnce runs sweep on every node at once and answers how many records they acted on in
// all; it fails on any node's error.
func SweepAtOnce(t *testing.T, sweep deadlines.Sweep, nodes ...*database.DB) int {
	t.Helper()
	counts, errs := make([]int, len(nodes)), make([]error, len(nodes))
	AtOnce(len(nodes), func(i int) { counts[i], errs[i] = sweep(context.Background(), nodes[i]) })
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

// WantEvents fails unless the event log holds n events of kind.
func WantEvents(t *testing.T, db *database.DB, kind string, n int) {
	t.Helper()
	if got := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM booking_events WHERE kind = ?`, kind); got != n {
		t.Errorf("%d %s events, want %d", got, kind, n)
	}
}

// Booking is what the tests read of a booking view.
type Booking struct {
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
		Instructions []Instruction
	}
}

// Instruction is what the tests read of an instruction in the booking view and the agenda.
type Instruction struct {
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

// PlacementIDs lists the booking's placements in the view's order.
func (b Booking) PlacementIDs() []int64 {
	ids := []int64{}
	for _, p := range b.Placements {
		ids = append(ids, p.ID)
	}
	return ids
}

// Book creates a booking as the department's manager from body (jobTemplateId, dates and any
// option) and returns the created view.
func Book(t *testing.T, s *apptest.Server, body map[string]any) Booking {
	t.Helper()
	return BookAs(t, s, apptest.DeptMgr, body)
}

// BookAs is Book by another manager role.
func BookAs(t *testing.T, s *apptest.Server, role string, body map[string]any) Booking {
	t.Helper()
	var b Booking
	s.As(role).Do("POST", "/booking", body).Want(201).Decode(&b)
	return b
}

// BookingAs reads booking id as role sees it.
func BookingAs(t *testing.T, s *apptest.Server, role string, id int64) Booking {
	t.Helper()
	var b Booking
	s.As(role).Do("GET", fmt.Sprintf("/booking/%d", id), nil).Want(200).Decode(&b)
	return b
}

// BookingOf is the booking a placement belongs to.
func BookingOf(t *testing.T, db *database.DB, placement int64) int64 {
	var id int64
	if err := db.Get(context.Background(), &id, `SELECT booking_id FROM placements WHERE id = ?`, placement); err != nil {
		t.Error(err)
	}
	return id
}

// Grant instructs users on one placement, as the department's manager.
func Grant(t *testing.T, s *apptest.Server, placement int64, users ...int64) {
	t.Helper()
	s.As(apptest.DeptMgr).Do("POST", fmt.Sprintf("/placement/%d/grant", placement),
		map[string]any{"userIds": users, "placementIds": []int64{placement}}).Want(200)
}

// GrantEvery instructs one user on every placement given (the grant's userId form), as the
// department's manager.
func GrantEvery(t *testing.T, s *apptest.Server, user int64, placements ...int64) {
	t.Helper()
	s.As(apptest.DeptMgr).Do("POST", fmt.Sprintf("/placement/%d/grant", placements[0]),
		map[string]any{"userId": user, "placementIds": placements}).Want(200)
}

// AnswerAsSupplier sets the supplier side of user's instruction on placement, as the manager
// does for a freelancer ("as supplier").
func AnswerAsSupplier(t *testing.T, s *apptest.Server, db *database.DB, placement, user int64, to string) {
	t.Helper()
	s.As(apptest.DeptMgr).Do("PATCH", "/instruction/status", []map[string]any{
		{"id": InstructionID(t, db, placement, user), "supplierStatus": to}}).Want(200)
}

// InstructionID is user's live instruction on placement.
func InstructionID(t *testing.T, db *database.DB, placement, user int64) int64 {
	t.Helper()
	var id int64
	if err := db.Get(context.Background(), &id, `SELECT id FROM instructions WHERE placement_id = ? AND user_id = ?
		AND deleted_at IS NULL`, placement, user); err != nil {
		t.Fatalf("instruction of user %d on placement %d: %v", user, placement, err)
	}
	return id
}

// MarkUnavailable marks user unavailable on the dates, as of the database's clock.
func MarkUnavailable(t *testing.T, db *database.DB, user int64, dates ...string) {
	t.Helper()
	for _, d := range dates {
		InsertID(t, db, `INSERT INTO unavailability (user_id, date, created_at) VALUES (?, ?, ?) RETURNING id`, user, d)
	}
}

// LiveInstructionsOf counts user's instructions that are not deleted.
func LiveInstructionsOf(t *testing.T, db *database.DB, user int64) int {
	t.Helper()
	return databasetest.Get[int](t, db, `SELECT COUNT(*) FROM instructions WHERE user_id = ? AND deleted_at IS NULL`, user)
}

// EveryInstructionChangeAudited fails unless each instruction has one audit row per version:
// every write of an instruction records its change in the same transaction.
func EveryInstructionChangeAudited(t *testing.T, db *database.DB) {
	t.Helper()
	if unaudited := UnauditedInstructions(t, db); unaudited != 0 {
		t.Errorf("%d instructions whose changes are not all audited", unaudited)
	}
}

// InsertID runs a statement returning one id (RETURNING), in a transaction, with the
// transaction's clock filled in for the trailing created_at/updated_at placeholders the
// arguments leave.
func InsertID(t *testing.T, db *database.DB, query string, args ...any) int64 {
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

// WantMessage fails unless res has the status and its error says msg.
func WantMessage(t *testing.T, res *apptest.Response, status int, msg string) {
	t.Helper()
	res.Want(status)
	var e struct{ Error string }
	res.Decode(&e)
	if e.Error != msg {
		t.Errorf("error %q, want %q", e.Error, msg)
	}
}
