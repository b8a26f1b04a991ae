package database

import (
	"slices"
	"testing"
)

func TestWhereVisible(t *testing.T) {
	var all Where
	if !all.Visible("id", SeesAll()) || all.SQL() != "" {
		t.Errorf("all: %q", all.SQL())
	}
	var none Where
	if none.Visible("id", SeesOnly(nil)) || none.SQL() != "" {
		t.Errorf("nothing visible: %q", none.SQL())
	}
	var some Where
	if !some.Visible("d.id", SeesOnly([]int64{3, 5})) || some.SQL() != " WHERE d.id IN (?, ?)" || len(some.Args()) != 2 {
		t.Errorf("some: %q %v", some.SQL(), some.Args())
	}
}

func TestWhereWithin(t *testing.T) {
	for _, c := range []struct {
		v    Visibility
		sql  string
		args int
	}{
		{SeesAll(), "", 0},
		{SeesOnly(nil), " WHERE d.id IN (NULL)", 0},
		{SeesOnly([]int64{3, 5}), " WHERE d.id IN (?, ?)", 2},
	} {
		var w Where
		w.Within("d.id", c.v)
		if w.SQL() != c.sql || len(w.Args()) != c.args {
			t.Errorf("%+v: %q %v", c.v, w.SQL(), w.Args())
		}
	}
}

func TestVisibility(t *testing.T) {
	for _, c := range []struct {
		v        Visibility
		none     bool
		includes []bool // of owners 3 and 4
		cond     string
		args     []any
	}{
		{SeesAll(), false, []bool{true, true}, "TRUE", nil},
		{SeesOnly([]int64{3}), false, []bool{true, false}, "d.id IN (?)", []any{int64(3)}},
		{SeesOnly(nil), true, []bool{false, false}, "d.id IN (NULL)", []any{}},
	} {
		cond, args := c.v.Condition("d.id")
		if c.v.None() != c.none || c.v.Includes(3) != c.includes[0] || c.v.Includes(4) != c.includes[1] ||
			cond != c.cond || !slices.Equal(args, c.args) {
			t.Errorf("%+v: none %v, includes 3 %v 4 %v, condition %q %v", c.v, c.v.None(), c.v.Includes(3), c.v.Includes(4), cond, args)
		}
	}
}
