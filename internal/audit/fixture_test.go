package audit_test

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// world is a running Hive with the organisation world and one booking of department A1 (dept
// manages it, manager manages its client) of two placements, each offered to the freelancer.
type world struct {
	s            *apptest.Server
	db           *database.DB
	w            orgtest.World
	booking      int64
	placements   []int64
	instructions []int64
}

type bookingView struct {
	ID         int64
	Placements []struct {
		ID           int64
		Instructions []struct{ ID int64 }
	}
}

func newWorld(t *testing.T, db *database.DB, configure ...func(*config.Config)) world {
	t.Helper()
	s := apptest.Start(t, db, configure...)
	w := orgtest.Build(t, db)
	b := orgtest.Book(t, s, apptest.DeptMgr, orgtest.JobTemplate(t, db, w.DeptA1), []string{"2027-03-10"},
		w.Users["freelancer"])
	out := world{s: s, db: db, w: w, booking: b.ID}
	for _, p := range b.Placements {
		out.placements = append(out.placements, p.ID)
		for _, i := range p.Instructions {
			out.instructions = append(out.instructions, i.ID)
		}
	}
	if len(out.placements) != 2 || len(out.instructions) != 2 {
		t.Fatalf("booking %+v", b)
	}
	return out
}

// engines runs test on each engine with a fresh world (newWorld).
func engines(t *testing.T, test func(t *testing.T, f world)) {
	t.Helper()
	databasetest.Engines(t, func(t *testing.T, db *database.DB) { test(t, newWorld(t, db)) })
}

// version reads a row's version column, for the PATCH bodies that need the one read.
func version(t *testing.T, db *database.DB, table string, id int64) int {
	t.Helper()
	var v int
	if err := db.Get(context.Background(), &v, `SELECT version FROM `+table+` WHERE id = ?`, id); err != nil {
		t.Fatal(err)
	}
	return v
}

type page struct {
	Items []entry
	Total int
	Names map[string]map[string]string
}

type entry struct {
	ID                     int64
	HiveAction             string
	HiveSource             string
	RecordID               int64
	RecordName             string
	Version                int
	HiveUserID             *int64
	HiveImpersonatorUserID *int64
	HiveUserName           string
	HiveTxID               string
	HiveIsAdmin            bool
	HiveRole               string
	Row                    map[string]any
	Previous               map[string]any
}
