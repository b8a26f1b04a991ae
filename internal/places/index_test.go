package places

import (
	"bytes"
	"compress/gzip"
	"strings"
	"testing"

	"github.com/hive/hive/internal/platform/textfold"
)

func index(t *testing.T) *Index {
	t.Helper()
	x, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func names(ps []Place) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Address())
	}
	return out
}

// The embedded gazetteer: tens of thousands of places, all of 1,000 inhabitants or more.
func TestDefaultGazetteer(t *testing.T) {
	x := index(t)
	if x.Len() < 100_000 {
		t.Fatalf("%d places, want over 100,000", x.Len())
	}
	for i := range x.places {
		if x.places[i].population < 1000 {
			t.Fatalf("%v has under 1,000 inhabitants", x.place(int32(i)))
		}
	}
}

func TestSearchAccentsAndCase(t *testing.T) {
	x := index(t)
	for _, c := range []struct{ query, first string }{
		{"Zur", "Zürich, Switzerland"},
		{"zür", "Zürich, Switzerland"},
		{"ZURICH", "Zürich, Switzerland"},
		{"sao pa", "São Paulo, Brazil"},
		{"São Paulo", "São Paulo, Brazil"},
		{"Salford", "Salford, England, United Kingdom"},
		{"salf", "Salford, England, United Kingdom"},
		{"manchester", "Manchester, England, United Kingdom"},
		{"Newcastle upon", "Newcastle upon Tyne, England, United Kingdom"},
		{"newcastle-upon-tyne", "Newcastle upon Tyne, England, United Kingdom"},
		{"lond", "London, England, United Kingdom"},
	} {
		got := x.Search(c.query, 0)
		if len(got) == 0 || got[0].Address() != c.first {
			t.Errorf("Search(%q) = %v, want %q first", c.query, names(got), c.first)
		}
	}
}

func TestSearchPrefixOnly(t *testing.T) {
	x := index(t)
	for _, p := range x.Search("ford", 0) { // Salford, Stafford... do not start with it
		if !strings.HasPrefix(textfold.Spaced(p.Name), "ford") {
			t.Errorf("%v does not start with ford", p)
		}
	}
}

func TestSearchRankedByPopulationAndLimited(t *testing.T) {
	x := index(t)
	for _, q := range []string{"san", "lon", "man", "new", "bad", "kre"} {
		got := x.Search(q, 0)
		if len(got) != MaxResults {
			t.Fatalf("Search(%q): %d results, want %d", q, len(got), MaxResults)
		}
		for i := 1; i < len(got); i++ {
			if got[i].Population > got[i-1].Population {
				t.Errorf("Search(%q): %v after %v", q, got[i], got[i-1])
			}
		}
		// Nothing left out was bigger than the last one kept.
		last := got[len(got)-1].Population
		fq := textfold.Spaced(q)
		bigger := 0
		for i := range x.places {
			if strings.HasPrefix(textfold.Spaced(x.places[i].name), fq) && int(x.places[i].population) > last {
				bigger++
			}
		}
		if bigger > MaxResults-1 {
			t.Errorf("Search(%q): %d places bigger than the last answer", q, bigger)
		}
	}
	if got := x.Search("lon", 3); len(got) != 3 || got[0].Name != "London" {
		t.Errorf("limit 3: %v", names(got))
	}
	if got := x.Search("lon", 50); len(got) != MaxResults {
		t.Errorf("limit 50 gave %d, want at most %d", len(got), MaxResults)
	}
}

func TestSearchBadInput(t *testing.T) {
	x := index(t)
	for _, q := range []string{"", "a", "Zu", " z u ", "'-.", "🎬🎥🎞", "\x00\x00\x00\x00",
		strings.Repeat("a", 10_000), strings.Repeat("\x00", 10_000), "\xff\xfe\xfd", `" OR 1=1 --`, "*", "NEAR",
		"שלום", "مدينة"} {
		got := x.Search(q, 0)
		if len(q) < 20 && len(got) > 0 && len([]rune(textfold.Spaced(q))) < MinQuery {
			t.Errorf("Search(%q) answered %v under %d characters", q, names(got), MinQuery)
		}
		if len(q) >= 10_000 && len(got) != 0 {
			t.Errorf("a 10,000-character query answered %v", names(got))
		}
	}
	// Emoji and NUL around a name are separators: the name is still found.
	if got := x.Search("🎬Salford", 0); len(got) == 0 || got[0].Name != "Salford" {
		t.Errorf("emoji before Salford: %v", names(got))
	}
	if got := x.Search("Salf\x00", 0); len(got) == 0 || got[0].Name != "Salford" {
		t.Errorf("NUL after Salf: %v", names(got))
	}
}

func TestLookup(t *testing.T) {
	x := index(t)
	p, ok := x.Lookup("salford", "gb")
	if !ok || p.Name != "Salford" || p.Country != "GB" || p.Region != "England" || p.CountryName != "United Kingdom" {
		t.Fatalf("Lookup Salford: %+v %v", p, ok)
	}
	if p.Lat < 53.4 || p.Lat > 53.6 || p.Lng < -2.4 || p.Lng > -2.2 {
		t.Fatalf("Salford at %v, %v", p.Lat, p.Lng)
	}
	if p, ok := x.Lookup("London", "CA"); !ok || p.Region != "Ontario" {
		t.Fatalf("London, Canada: %+v %v", p, ok)
	}
	if _, ok := x.Lookup("Salford", "FR"); ok {
		t.Fatal("a Salford in France")
	}
}

func TestLoadSmallFile(t *testing.T) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte("# test\nC\tGB\tUnited Kingdom\nC\tCH\tSwitzerland\n" +
		"Salford\tGB\tEngland\t72750\t53.48771\t-2.29042\n" +
		"Zürich\tCH\tZurich\t341730\t47.36667\t8.55\n" +
		"Sale\tGB\tEngland\t134022\t53.42519\t-2.32443\n"))
	zw.Close()
	x, err := Load(&buf)
	if err != nil {
		t.Fatal(err)
	}
	got := x.Search("sal", 0)
	if len(got) != 2 || got[0].Name != "Sale" || got[1].Name != "Salford" || got[1].Lat != 53.48771 || got[1].Lng != -2.29042 {
		t.Fatalf("sal: %+v", got)
	}
	if a := x.Search("zur", 0); len(a) != 1 || a[0].Address() != "Zürich, Switzerland" {
		t.Fatalf("zur: %v", names(a))
	}
	for _, bad := range []string{"Salford\tGB\n", "Salford\tGB\tEngland\tmany\t1\t2\n", "X\tGB\tE\t1\t91\t0\n"} {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Write([]byte(bad))
		zw.Close()
		if _, err := Load(&b); err == nil {
			t.Errorf("Load(%q) accepted", bad)
		}
	}
	if _, err := Load(strings.NewReader("not gzip")); err == nil {
		t.Error("Load accepted a file that is not gzip")
	}
}
