package places

import (
	"strings"
	"testing"
)

func TestFold(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Zürich", "zurich"},
		{"São Paulo", "sao paulo"},
		{"  SAO   pa ", "sao pa"},
		{"Saint-Étienne", "saint etienne"},
		{"St. Helens", "st helens"},
		{"Newcastle-upon-Tyne", "newcastle upon tyne"},
		{"Łódź", "lodz"},
		{"Straße", "strasse"},
		{"Ærøskøbing", "aeroskobing"},
		{"Reykjavík", "reykjavik"},
		{"İstanbul", "istanbul"},
		{"Москва", "москва"},
		{"sal\x00ford", "sal ford"},
		{"🎬 Salford 🎥", "salford"},
		{"\xff\xfeLeeds", "leeds"},
		{"'--\"*:", ""},
		{"", ""},
	} {
		if got := Fold(c.in); got != c.want {
			t.Errorf("Fold(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFoldLongInput(t *testing.T) {
	long := strings.Repeat("é", 10_000)
	if got := Fold(long); got != strings.Repeat("e", 10_000) {
		t.Fatalf("Fold of 10,000 é: %d bytes", len(got))
	}
}

// The ASCII fast path agrees with the general one.
func TestFoldASCIIAgrees(t *testing.T) {
	for _, s := range []string{"St. Helens", "  Newcastle-upon-Tyne ", "a\x00b", "O'Brien's Town 2", "--", "ABC def",
		"x\ty\nz", "", "~!@#$%^&*()_+{}|:<>?`-=[]\\;',./\"", "Zz09"} {
		if got, want := foldASCII(s), foldGeneral(s); got != want {
			t.Errorf("foldASCII(%q) = %q, general %q", s, got, want)
		}
	}
}
