package database

import "testing"

func TestWhereVisible(t *testing.T) {
	var all Where
	if !all.Visible("id", nil, true) || all.SQL() != "" {
		t.Errorf("all: %q", all.SQL())
	}
	var none Where
	if none.Visible("id", nil, false) || none.SQL() != "" {
		t.Errorf("nothing visible: %q", none.SQL())
	}
	var some Where
	if !some.Visible("d.id", []int64{3, 5}, false) || some.SQL() != " WHERE d.id IN (?, ?)" || len(some.Args()) != 2 {
		t.Errorf("some: %q %v", some.SQL(), some.Args())
	}
}
