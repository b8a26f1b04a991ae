package database

import (
	"reflect"
	"testing"
)

func TestWhereInAndAnd(t *testing.T) {
	var w Where
	if w.And() != "TRUE" {
		t.Fatalf("empty: %q", w.And())
	}
	w.In("a", nil)
	if w.And() != "TRUE" || w.SQL() != "" {
		t.Fatalf("an empty list filters nothing: %q %q", w.And(), w.SQL())
	}
	w.In("a", []int64{4, 9})
	w.Add("b = ?", "x")
	if w.And() != "a IN (?, ?) AND b = ?" || !reflect.DeepEqual(w.Args(), []any{int64(4), int64(9), "x"}) {
		t.Fatalf("and %q args %v", w.And(), w.Args())
	}
}
