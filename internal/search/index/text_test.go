package index

import (
	"slices"
	"testing"
)

func TestFoldAndWords(t *testing.T) {
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
	if k := Key("  BK-2024-0042 "); k != "=bk-2024-0042" {
		t.Errorf("key %q", k)
	}
}

func TestWithinOne(t *testing.T) {
	cases := []struct {
		a, b string
		want bool
	}{
		{"camera", "camera", true}, {"camra", "camera", true}, {"cameera", "camera", true},
		{"cmaera", "camera", true}, {"kamera", "camera", true}, {"kamra", "camera", false},
		{"camera", "cam", false}, {"abcdef", "badcef", false}, {"abcd", "abdc", true},
	}
	for _, c := range cases {
		if got := WithinOne(c.a, c.b); got != c.want {
			t.Errorf("WithinOne(%q, %q) = %v", c.a, c.b, got)
		}
	}
	for _, pair := range [][2]string{{"camra", "camera"}, {"cmaera", "camera"}, {"kamera", "camera"}} {
		shared := false
		for _, v := range Deletes(pair[0]) {
			shared = shared || slices.Contains(Deletes(pair[1]), v)
		}
		if !shared {
			t.Errorf("%q and %q share no deletion variant", pair[0], pair[1])
		}
	}
}
