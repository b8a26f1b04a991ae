package demo_test

import (
	"context"
	"testing"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/bookings/demo"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/bookings/substitution"
	"github.com/hive/hive/internal/jobs"
	orgdemo "github.com/hive/hive/internal/organisations/demo"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// seedAll runs the demos the booking demo builds on, then the booking demo, in the order
// `hive seed demo` runs them.
func seedAll(t *testing.T, db *database.DB) {
	t.Helper()
	ctx := context.Background()
	if _, err := accounts.SeedDemo(ctx, db); err != nil {
		t.Fatal(err)
	}
	for _, seed := range []func(context.Context, *database.DB) error{orgdemo.Seed, jobs.SeedDemo, demo.Seed} {
		if err := seed(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
}

// countedTables are the tables the booking demo writes: seeding again adds no row to any.
var countedTables = []string{"bookings", "placements", "instructions", "audit_log", "booking_events"}

type demoInstruction struct {
	ID        int64      `db:"id"`
	UserEmail string     `db:"email"`
	Supplier  string     `db:"supplier_status"`
	Client    string     `db:"client_status"`
	Reason    string     `db:"cancellation_reason"`
	DeletedAt *time.Time `db:"deleted_at"`
	LocalDate string     `db:"local_date"`
	Overnight bool       `db:"overnight"`
	Type      string     `db:"type"`
	Subst     bool       `db:"substitution_allowed"`
	Reference string     `db:"reference"`
}

func (d demoInstruction) colour() status.Colour {
	return status.ColourOf(status.State{Supplier: status.Status(d.Supplier), Client: status.Status(d.Client),
		Deleted: d.DeletedAt != nil})
}

func TestDemoBookingsShowEveryColourThisMonthAndNext(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		seedAll(t, db)
		var rows []demoInstruction
		if err := db.Select(ctx, &rows, `SELECT i.id, u.email, i.supplier_status, i.client_status, i.cancellation_reason,
			i.deleted_at, p.local_date, p.overnight, b.type, b.substitution_allowed, b.reference
			FROM instructions i JOIN users u ON u.id = i.user_id JOIN placements p ON p.id = i.placement_id
			JOIN bookings b ON b.id = i.booking_id ORDER BY i.id`); err != nil {
			t.Fatal(err)
		}
		if len(rows) == 0 {
			t.Fatal("no demo instructions")
		}
		london, _ := time.LoadLocation("Europe/London")
		now := time.Now().In(london)
		thisMonth := now.Format("2006-01")
		nextMonth := time.Date(now.Year(), now.Month()+1, 1, 12, 0, 0, 0, london).Format("2006-01")
		colours := map[status.Colour]int{}
		var preConfirmed, overnight, felixSubstitutable, redByReason bool
		for _, r := range rows {
			colours[r.colour()]++
			if month := r.LocalDate[:7]; month != thisMonth && month != nextMonth && !demo.Past(r.Reference) {
				t.Errorf("instruction %d on %s: not in %s or %s", r.ID, r.LocalDate, thisMonth, nextMonth)
			}
			preConfirmed = preConfirmed || r.Type == string(status.TypePreConfirmed)
			overnight = overnight || r.Overnight
			felixSubstitutable = felixSubstitutable || (r.Subst && r.UserEmail == "freelancer@hive.test" &&
				r.Supplier == string(status.Accepted) && r.DeletedAt == nil)
			redByReason = redByReason || (r.Client == string(status.Cancelled) && r.DeletedAt == nil &&
				r.Reason == "Client - Placement Not Needed")
			// The browser test books Felix on days 8–10 of next month and has him accept.
			if r.UserEmail == "freelancer@hive.test" && r.Supplier == string(status.Accepted) && r.LocalDate[:7] == nextMonth &&
				r.LocalDate[8:] >= "07" && r.LocalDate[8:] <= "10" {
				t.Errorf("Felix is accepted on %s, which the browser test books", r.LocalDate)
			}
		}
		for _, c := range status.Colours {
			if colours[c] == 0 {
				t.Errorf("no demo instruction is %s (colours %v)", c, colours)
			}
		}
		for what, ok := range map[string]bool{"pre_confirmed booking": preConfirmed, "overnight placement": overnight,
			"substitution-allowed booking with Felix accepted":      felixSubstitutable,
			"instruction cancelled 'Client - Placement Not Needed'": redByReason} {
			if !ok {
				t.Errorf("the demo has no %s", what)
			}
		}
		checkWritesAreRecorded(t, db)
		checkVATWarningOnSubstitution(t, db)

		before := databasetest.RowCounts(t, db, countedTables...)
		if err := demo.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		after := databasetest.RowCounts(t, db, countedTables...)
		for _, table := range countedTables {
			if before[table] != after[table] {
				t.Errorf("%s: %d rows after the first seed, %d after the second", table, before[table], after[table])
			}
		}
	})
}

// checkWritesAreRecorded: every instruction change is audited and has its event, answers come
// from the freelancer themself and the manager, and nobody holds two overlapping accepted ones.
func checkWritesAreRecorded(t *testing.T, db *database.DB) {
	t.Helper()
	count := func(query string) int {
		t.Helper()
		return databasetest.Get[int](t, db, query)
	}
	if n := bookingstest.UnauditedInstructions(t, db); n != 0 {
		t.Errorf("%d instructions whose changes are not all audited", n)
	}
	if n := count(`SELECT COUNT(*) FROM instructions i WHERE NOT EXISTS
		(SELECT 1 FROM booking_events e WHERE e.instruction_id = i.id AND e.kind = 'instruction.granted')`); n != 0 {
		t.Errorf("%d instructions without their grant event", n)
	}
	if n := count(`SELECT COUNT(*) FROM booking_events WHERE kind = 'placement.cancelled'`); n == 0 {
		t.Error("no placement.cancelled event")
	}
	if n := count(`SELECT COUNT(*) FROM booking_events WHERE kind = 'instruction.status_changed'
		AND actor_user_id = user_id`); n == 0 {
		t.Error("no freelancer answered their own instruction")
	}
	if n := count(`SELECT COUNT(*) FROM booking_events e JOIN users u ON u.id = e.actor_user_id
		WHERE e.kind = 'instruction.status_changed' AND u.email_lc = 'dept@hive.test'`); n == 0 {
		t.Error("the department manager answered nothing")
	}
	if n := bookingstest.OverlappingAccepted(t, db); n != 0 {
		t.Errorf("%d overlapping accepted pairs", n)
	}
}

// checkVATWarningOnSubstitution: Maya Chen (VAT registered) is accepted in the substitution-allowed
// booking, and Daniel Osei (not registered) is offered to replace her with the VAT mismatch.
func checkVATWarningOnSubstitution(t *testing.T, db *database.DB) {
	t.Helper()
	ctx := context.Background()
	var ins struct {
		ID        int64 `db:"id"`
		Placement int64 `db:"placement_id"`
	}
	if err := db.Get(ctx, &ins, `SELECT i.id, i.placement_id FROM instructions i JOIN users u ON u.id = i.user_id
		JOIN bookings b ON b.id = i.booking_id WHERE u.email_lc = 'maya.chen@hive.test' AND b.substitution_allowed = TRUE
		AND i.supplier_status = 'accepted' AND i.deleted_at IS NULL`); err != nil {
		t.Fatalf("Maya Chen's accepted instruction in a substitution-allowed booking: %v", err)
	}
	admin := databasetest.Get[int64](t, db, `SELECT id FROM users WHERE email_lc = 'admin@hive.test'`)
	p := &auth.Principal{UserID: admin, CanAdmin: true, Needs: auth.NeedSet{auth.NeedAdmin: {}}}
	list, err := (&substitution.Store{DB: db}).AvailableSubstitutes(auth.WithPrincipal(ctx, p), p, ins.Placement, ins.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range list.Items {
		if c.User.Email != "daniel.osei@hive.test" {
			continue
		}
		if c.VATRegistered == nil || *c.VATRegistered || c.IncumbentHasSameVatStatus == nil || *c.IncumbentHasSameVatStatus {
			t.Errorf("Daniel Osei as Maya Chen's substitute: VAT %v, same status %v; want false, false",
				c.VATRegistered, c.IncumbentHasSameVatStatus)
		}
		return
	}
	t.Errorf("Daniel Osei is not offered as Maya Chen's substitute: %+v", list.Items)
}
