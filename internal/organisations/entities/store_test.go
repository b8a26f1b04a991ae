package entities

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

func TestStore(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := &Store{DB: db}
		var ids []int64
		for i, name := range []string{"Zebra Post", "alpha Crew", "Mid Lighting"} {
			e := NewEntity()
			e.Name, e.Type = name, Types[i]
			if err := s.Create(ctx, &e, 0); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, e.ID)
		}
		rows, total, err := s.List(ctx, ListQuery{Visible: database.SeesAll(), Limit: 10})
		if err != nil || total != 3 || rows[0].Name != "alpha Crew" || rows[2].Name != "Zebra Post" {
			t.Fatalf("%v %d %+v", err, total, rows)
		}
		rows, total, err = s.List(ctx, ListQuery{Visible: database.SeesOnly([]int64{ids[0], ids[2]}), Sort: "-type", Limit: 1})
		if err != nil || total != 2 || len(rows) != 1 || rows[0].ID != ids[2] {
			t.Fatalf("%v %d %+v", err, total, rows)
		}
		if rows, total, _ = s.List(ctx, ListQuery{Limit: 10}); total != 0 || rows == nil {
			t.Fatal("nothing visible")
		}
		if _, _, err := s.List(ctx, ListQuery{Visible: database.SeesAll(), Sort: "email", Limit: 10}); apperror.KindOf(err) != apperror.KindInvalid {
			t.Fatal(err)
		}
		e, err := s.Update(ctx, ids[0], 1, func(e *Entity, _ Linked) error { e.Name = "Zebra Post Ltd"; return nil })
		if err != nil || e.Version != 2 || e.Name != "Zebra Post Ltd" {
			t.Fatalf("%v %+v", err, e)
		}
		if _, err := s.Update(ctx, ids[0], 1, func(*Entity, Linked) error { return nil }); apperror.KindOf(err) != apperror.KindConflict {
			t.Fatalf("stale: %v", err)
		}
		if _, err := s.Update(ctx, 999, 1, func(*Entity, Linked) error { return nil }); apperror.KindOf(err) != apperror.KindNotFound {
			t.Fatalf("missing: %v", err)
		}
		// A refused change writes nothing.
		_, err = s.Update(ctx, ids[0], 2, func(e *Entity, _ Linked) error { e.Name = "x"; return apperror.Forbidden() })
		if got, _ := s.Entity(ctx, ids[0]); err == nil || got.Name != "Zebra Post Ltd" || got.Version != 2 {
			t.Fatalf("%v %+v", err, got)
		}
	})
}

func TestApplyAndRules(t *testing.T) {
	str := func(s string) *string { return &s }
	e := NewEntity()
	var v apperror.Invalid
	days := 2
	e.Apply(Changes{Name: str(" BBC "), Type: str("client"), Timezone: str("America/New_York"), CancelWindowDays: &days}, true, &v)
	if v.Err() != nil || e.Name != "BBC" || e.Timezone != "America/New_York" || e.Country != "GB" || e.CancelWindowDays != 2 {
		t.Fatalf("%+v %v", e, v.Err())
	}
	if CreateNeed("base") != "admin" || CreateNeed("client") != "create_entity:client" {
		t.Error("create needs")
	}
}
