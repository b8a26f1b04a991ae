package input

import "testing"

func TestTextDropsTheSpaceAround(t *testing.T) {
	for in, want := range map[string]string{" Ann ": "Ann", "\tA  B\n": "A  B", "   ": "", "": ""} {
		if got := Text(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
		if got := Trimmed(&in); got != want {
			t.Errorf("Trimmed(%q) = %q, want %q", in, got, want)
		}
	}
}
