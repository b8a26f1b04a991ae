package database

import (
	"reflect"
	"testing"
)

func TestSQLBuilding(t *testing.T) {
	if got := Marks(3); got != "?, ?, ?" {
		t.Errorf("Marks(3) = %q", got)
	}
	if got := Marks(0); got != "" {
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
