package places

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/hive/hive/internal/platform/textfold"
)

// gazetteer is data/places.tsv.gz (format in docs/places.md and tools/places-data/generate.mjs).
//
//go:embed data/places.tsv.gz
var gazetteer []byte

// Index is the gazetteer in memory: places most populous first, and their folded names sorted
// so that a prefix is a range found by binary search.
type Index struct {
	places []entry
	keys   []string // folded names, sorted
	order  []int32  // order[i] is the place whose folded name is keys[i]
	names  []string // regions and countries, interned: entry.region and entry.country index it
}

// entry is a place packed small: 111,000 of them stay in memory for the life of the process.
type entry struct {
	name            string
	region, country uint16 // into Index.names
	countryName     uint16
	population      uint32
	lat, lng        int32 // degrees × 100,000
}

const coordScale = 100_000

func (x *Index) place(i int32) Place {
	e := x.places[i]
	return Place{Name: e.name, Region: x.names[e.region], Country: x.names[e.country],
		CountryName: x.names[e.countryName], Population: int(e.population),
		Lat: float64(e.lat) / coordScale, Lng: float64(e.lng) / coordScale}
}

// Len is how many places the index holds.
func (x *Index) Len() int { return len(x.places) }

var (
	defaultOnce  sync.Once
	defaultIndex *Index
	defaultErr   error
)

// Default is the embedded gazetteer, read on first use and kept for the life of the process.
func Default() (*Index, error) {
	defaultOnce.Do(func() { defaultIndex, defaultErr = Load(bytes.NewReader(gazetteer)) })
	return defaultIndex, defaultErr
}

// Load reads a gazetteer file (gzip-compressed lines; see the package documentation).
func Load(r io.Reader) (*Index, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("places: %w", err)
	}
	defer zr.Close()
	x := &Index{}
	intern := map[string]uint16{}
	id := func(s string) (uint16, error) {
		if n, ok := intern[s]; ok {
			return n, nil
		}
		if len(x.names) > 0xFFFF {
			return 0, fmt.Errorf("places: more than 65,536 regions and countries")
		}
		s = strings.Clone(s)
		intern[s] = uint16(len(x.names))
		x.names = append(x.names, s)
		return intern[s], nil
	}
	if _, err := id(""); err != nil {
		return nil, err
	}
	countries := map[string]string{}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if text == "" || text[0] == '#' {
			continue
		}
		f := strings.Split(text, "\t")
		switch {
		case len(f) == 3 && f[0] == "C":
			countries[f[1]] = f[2]
		case len(f) == 6:
			e, err := x.parse(f, countries, id)
			if err != nil {
				return nil, fmt.Errorf("places: line %d: %w", line, err)
			}
			x.places = append(x.places, e)
		default:
			return nil, fmt.Errorf("places: line %d: %d fields", line, len(f))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("places: %w", err)
	}
	// Most populous first, whatever order the file had: a prefix's best matches are then its
	// lowest place numbers.
	sort.SliceStable(x.places, func(i, j int) bool { return x.places[i].population > x.places[j].population })
	x.keys = make([]string, len(x.places))
	x.order = make([]int32, len(x.places))
	for i, e := range x.places {
		x.keys[i], x.order[i] = textfold.Spaced(e.name), int32(i)
	}
	sort.Sort(byKey{x})
	return x, nil
}

func (x *Index) parse(f []string, countries map[string]string, id func(string) (uint16, error)) (entry, error) {
	pop, err := strconv.ParseUint(f[3], 10, 32)
	if err != nil {
		return entry{}, err
	}
	lat, err1 := strconv.ParseFloat(f[4], 64)
	lng, err2 := strconv.ParseFloat(f[5], 64)
	if err1 != nil || err2 != nil || lat < -90 || lat > 90 || lng < -180 || lng > 180 {
		return entry{}, fmt.Errorf("bad position %q %q", f[4], f[5])
	}
	e := entry{name: strings.Clone(f[0]), population: uint32(pop),
		lat: int32(lat*coordScale + sign(lat)*0.5), lng: int32(lng*coordScale + sign(lng)*0.5)}
	if e.region, err = id(f[2]); err != nil {
		return entry{}, err
	}
	if e.country, err = id(f[1]); err != nil {
		return entry{}, err
	}
	if e.countryName, err = id(countries[f[1]]); err != nil {
		return entry{}, err
	}
	return e, nil
}

func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}

// byKey sorts keys and order together: by folded name, then most populous first.
type byKey struct{ x *Index }

func (s byKey) Len() int { return len(s.x.keys) }
func (s byKey) Less(i, j int) bool {
	if s.x.keys[i] != s.x.keys[j] {
		return s.x.keys[i] < s.x.keys[j]
	}
	return s.x.order[i] < s.x.order[j]
}
func (s byKey) Swap(i, j int) {
	s.x.keys[i], s.x.keys[j] = s.x.keys[j], s.x.keys[i]
	s.x.order[i], s.x.order[j] = s.x.order[j], s.x.order[i]
}

// Search answers the places whose folded name starts with the folded query, most populous
// first, at most limit (MaxResults when limit is 0 or more). A query shorter than MinQuery
// letters and digits after folding answers nothing.
func (x *Index) Search(query string, limit int) []Place {
	if limit <= 0 || limit > MaxResults {
		limit = MaxResults
	}
	q := textfold.Spaced(query)
	if len([]rune(strings.ReplaceAll(q, " ", ""))) < MinQuery {
		return nil
	}
	lo := sort.SearchStrings(x.keys, q)
	// The best limit matches are the lowest place numbers in the range: keep them sorted.
	best := make([]int32, 0, limit)
	for i := lo; i < len(x.keys) && strings.HasPrefix(x.keys[i], q); i++ {
		n := x.order[i]
		if len(best) == limit && n >= best[limit-1] {
			continue
		}
		at := sort.Search(len(best), func(k int) bool { return best[k] > n })
		if len(best) < limit {
			best = append(best, 0)
		}
		copy(best[at+1:], best[at:])
		best[at] = n
	}
	out := make([]Place, len(best))
	for i, n := range best {
		out[i] = x.place(n)
	}
	return out
}

// Lookup is the most populous place named name (compared folded) in country (ISO code, any
// case), and whether there is one.
func (x *Index) Lookup(name, country string) (Place, bool) {
	q := textfold.Spaced(name)
	country = strings.ToUpper(country)
	found := int32(-1)
	for i := sort.SearchStrings(x.keys, q); i < len(x.keys) && x.keys[i] == q; i++ {
		if n := x.order[i]; x.names[x.places[n].country] == country && (found < 0 || n < found) {
			found = n
		}
	}
	if found < 0 {
		return Place{}, false
	}
	return x.place(found), true
}
