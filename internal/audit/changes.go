package audit

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"time"
)

// Change is one field's value before and after a write, as a change's event carries it (the
// notifications say 'before → after' from it).
type Change struct {
	Field  string `json:"field"`
	Before any    `json:"before"`
	After  any    `json:"after"`
}

// Changes lists the fields of after whose value differs from before's, by field name. It is the
// one rule of what a write changed: an empty or default value (absent, null, "", false, 0, an
// empty list or object) equals any other, so a save of what was already there, or of an empty
// field as its default, changes nothing. A writer that finds no change writes no version and
// emits no event. Values compare as their JSON, so a time, a rate or a number read back from the
// database equals the one sent.
func Changes(before, after map[string]any) []Change {
	var out []Change
	for _, field := range slices.Sorted(maps.Keys(after)) {
		b, a := before[field], after[field]
		if sameValue(b, a) {
			continue
		}
		out = append(out, Change{Field: field, Before: b, After: a})
	}
	return out
}

// sameValue reports whether a and b are the same value, empty and default values all alike.
func sameValue(a, b any) bool {
	ja, jb := canonical(a), canonical(b)
	return ja == jb
}

// canonical is v's JSON, with every empty or default value as "".
func canonical(v any) string {
	if t, ok := v.(time.Time); ok {
		v = t.UTC() // one instant, whatever zone it was read in
	}
	j, err := json.Marshal(v)
	if err != nil {
		return "?" // unmarshalable values never come from a row; "?" never equals a real one
	}
	switch s := strings.TrimSpace(string(j)); s {
	case "null", `""`, "false", "0", "[]", "{}":
		return ""
	default:
		return s
	}
}
