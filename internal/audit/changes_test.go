package audit

import (
	"reflect"
	"testing"
	"time"
)

func TestChangesCountEmptyAndDefaultValuesAsEqual(t *testing.T) {
	at := time.Date(2026, 7, 6, 8, 0, 0, 0, time.UTC)
	before := map[string]any{"title": "News", "reference": "", "ir35": false, "startAt": at, "breaks": 0}
	same := map[string]any{"title": "News", "reference": nil, "ir35": false, "startAt": at.In(time.FixedZone("BST", 3600)),
		"breaks": 0, "substitutionAllowed": false, "tags": []string{}}
	if got := Changes(before, same); len(got) != 0 {
		t.Fatalf("a save of what was there changed %+v", got)
	}
	// ir35 absent before (a booking created without it) and false now: no change.
	if got := Changes(map[string]any{}, map[string]any{"ir35": false, "reference": ""}); len(got) != 0 {
		t.Fatalf("empty against default changed %+v", got)
	}
	after := map[string]any{"title": "Late News", "reference": "R-1", "ir35": true, "startAt": at, "breaks": 0}
	want := []Change{{"ir35", false, true}, {"reference", "", "R-1"}, {"title", "News", "Late News"}}
	if got := Changes(before, after); !reflect.DeepEqual(got, want) {
		t.Fatalf("changes = %+v, want %+v", got, want)
	}
}
