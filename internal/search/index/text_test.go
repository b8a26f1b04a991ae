package index

import (
	"slices"
	"strings"
	"testing"
)

// Words folds as textfold does (its tests hold the cases) and cuts long words; Key is the
// whole folded text.
func TestWordsAndKey(t *testing.T) {
	long := strings.Repeat("a", MaxTermRunes+10)
	if got := Words("Zürich " + long); !slices.Equal(got, []string{"zurich", long[:MaxTermRunes]}) {
		t.Errorf("Words: %q", got)
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
