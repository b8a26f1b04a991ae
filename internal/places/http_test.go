package places_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

type answer struct {
	Results []struct {
		FormattedAddress string `json:"formatted_address"`
		Geometry         struct {
			Location struct {
				Lat *float64 `json:"lat"`
				Lng *float64 `json:"lng"`
			} `json:"location"`
		} `json:"geometry"`
		Name         string   `json:"name"`
		Country      string   `json:"country"`
		LocationName string   `json:"location_name"`
		Latitude     *float64 `json:"latitude"`
		Longitude    *float64 `json:"longitude"`
	} `json:"results"`
}

func locations(t *testing.T, c *apptest.Client, q string) answer {
	t.Helper()
	var a answer
	c.Do("GET", "/locations?query="+url.QueryEscape(q), nil).Want(200).Decode(&a)
	if a.Results == nil {
		t.Fatalf("query %q: results is null, want a list", q)
	}
	return a
}

// Every signed-in user may search places (a freelancer sets their own location, a client's
// manager a legal entity's); a visitor is refused.
func TestLocationsWhoMay(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		var cases []apptest.Case
		for _, role := range apptest.Roles {
			status := 200
			if role == apptest.Anonymous {
				status = 401
			}
			cases = append(cases, apptest.Case{As: role, Method: "GET", Path: "/locations?query=Salford", Status: status})
		}
		s.Run(t, cases)
	})
}

func TestLocationsAnswer(t *testing.T) {
	s := apptest.Start(t, databasetest.SQLite(t))
	c := s.As(apptest.Freelancer)
	a := locations(t, c, "Zur")
	if len(a.Results) == 0 || a.Results[0].FormattedAddress != "Zürich, Switzerland" {
		t.Fatalf("Zur: %+v", a)
	}
	a = locations(t, c, "salf")
	r := a.Results[0]
	if r.FormattedAddress != "Salford, England, United Kingdom" || r.LocationName != r.FormattedAddress || r.Name != "Salford" ||
		r.Country != "GB" || r.Geometry.Location.Lat == nil || r.Geometry.Location.Lng == nil || r.Latitude == nil ||
		r.Longitude == nil || *r.Latitude != *r.Geometry.Location.Lat || *r.Longitude != *r.Geometry.Location.Lng ||
		*r.Latitude < 53.4 || *r.Latitude > 53.6 || *r.Longitude < -2.4 || *r.Longitude > -2.2 {
		t.Fatalf("salf: %+v", r)
	}
	if a := locations(t, c, "sao pa"); a.Results[0].FormattedAddress != "São Paulo, Brazil" {
		t.Fatalf("sao pa: %+v", a.Results[0])
	}
	if a := locations(t, c, "san"); len(a.Results) != 10 {
		t.Fatalf("san: %d results, want 10", len(a.Results))
	}
	// Bad input answers a list, empty or not, never an error.
	for _, q := range []string{"", "Sa", "🎬🎥", "\x00\x00\x00", "Salf\x00", strings.Repeat("x", 10_000), `" OR 1=1 --`,
		"NEAR*", "שלום עולם", "\xff\xfe"} {
		a := locations(t, c, q)
		if len(a.Results) > 10 {
			t.Errorf("%q: %d results", q, len(a.Results))
		}
		if (q == "" || q == "Sa" || len(q) == 10_000) && len(a.Results) != 0 {
			t.Errorf("%.20q: %d results, want none", q, len(a.Results))
		}
	}
	// No query parameter at all: an empty list too.
	var none answer
	c.Do("GET", "/locations", nil).Want(200).Decode(&none)
	if len(none.Results) != 0 {
		t.Fatalf("no query: %+v", none)
	}
}
