package textfold

import (
	"slices"
	"strings"
	"testing"
)

func TestSpaced(t *testing.T) {
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
		{"sal\x00fördé", "sal forde"},
		{"🎬 Salford 🎥", "salford"},
		{"\xff\xfeLeeds", "leeds"},
		{"'--\"*:", ""},
		{"", ""},
	} {
		if got := Spaced(c.in); got != c.want {
			t.Errorf("Spaced(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	long := strings.Repeat("é", 10_000)
	if got := Spaced(long); got != strings.Repeat("e", 10_000) {
		t.Fatalf("Spaced of 10,000 é: %d bytes", len(got))
	}
}

// The ASCII path agrees with the general one.
func TestSpacedASCIIAgrees(t *testing.T) {
	for _, s := range []string{"St. Helens", "  Newcastle-upon-Tyne ", "a\x00b", "O'Brien's Town 2", "--", "ABC def",
		"x\ty\nz", "", "~!@#$%^&*()_+{}|:<>?`-=[]\\;',./\"", "Zz09", "\x7f\x01end"} {
		if got, want := spacedASCII(s), strings.Join(Words(s), " "); got != want {
			t.Errorf("spacedASCII(%q) = %q, general %q", s, got, want)
		}
	}
}

func TestWords(t *testing.T) {
	cases := map[string][]string{
		"Zürich Straße":              {"zurich", "strasse"},
		"ÉLODIE O'Brien-Smith":       {"elodie", "o", "brien", "smith"},
		"jane.doe@Example.com":       {"jane", "doe", "example", "com"},
		"\x00cam\x00era 🎥 NEAR OR *": {"cam", "era", "near", "or"},
		"שלום עולם":                  {"שלום", "עולם"},
		"BK-2024-0042":               {"bk", "2024", "0042"},
		"Søren Łukasz Æsir":          {"soren", "lukasz", "aesir"},
		"":                           nil,
	}
	for in, want := range cases {
		if got := Words(in); !slices.Equal(got, want) {
			t.Errorf("Words(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzSpaced(f *testing.F) {
	for _, s := range []string{"Zürich", "a\x00b", "\xff", "🎬", strings.Repeat("x", 1000)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Spaced(s)
		if strings.HasPrefix(got, " ") || strings.HasSuffix(got, " ") || strings.Contains(got, "  ") {
			t.Errorf("Spaced(%q) = %q: stray spaces", s, got)
		}
		if isASCII(s) && got != strings.Join(Words(s), " ") {
			t.Errorf("Spaced(%q) = %q: the two paths disagree", s, got)
		}
	})
}
