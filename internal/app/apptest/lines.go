package apptest

import (
	"slices"
	"strings"
	"testing"
)

// WantLines fails the test unless got holds exactly the lines of want, in order, and shows both
// lists a line each: the check of tests that write what they read as lines (a report's
// records, a month's placement groups).
func WantLines(t testing.TB, what string, got []string, want ...string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n got %s\nwant %s", what, strings.Join(got, "\n     "), strings.Join(want, "\n     "))
	}
}
