package database

import (
	"reflect"
	"testing"
)

func TestSQLBuilding(t *testing.T) {
	if got := Marks(3); got != "?, ?, ?" {
		t.Errorf("Marks(3) = %q", got)
	}
	if got := Marks(0); got != "NULL" {
		t.Errorf("Marks(0) = %q", got)
	}
	marks, args := In([]int64{4, 9})
	if marks != "?, ?" || !reflect.DeepEqual(args, []any{int64(4), int64(9)}) {
		t.Errorf("In = %q %v", marks, args)
	}
	if got := Qualify("u", "id, name_lc DESC,\n\tversion"); got != "u.id, u.name_lc DESC, u.version" {
		t.Errorf("Qualify = %q", got)
	}
}

func TestWhere(t *testing.T) {
	var w Where
	if w.SQL() != "" || len(w.Args()) != 0 {
		t.Fatalf("empty: %q %v", w.SQL(), w.Args())
	}
	w.Add("a = ?", 1)
	w.Add("b IS NULL")
	w.Add("c IN (?, ?)", 2, 3)
	if w.SQL() != " WHERE a = ? AND b IS NULL AND c IN (?, ?)" {
		t.Fatalf("sql %q", w.SQL())
	}
	page := append(w.Args(), 20, 0)
	if len(w.Args()) != 3 || len(page) != 5 || page[2] != 3 {
		t.Fatalf("args %v page %v", w.Args(), page)
	}
}
