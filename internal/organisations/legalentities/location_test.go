package legalentities_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/organisations/legalentities"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

type located struct {
	ID       int64  `json:"id"`
	Status   string `json:"status"`
	Version  int    `json:"version"`
	Location struct {
		LocationName string   `json:"location_name"`
		Latitude     *float64 `json:"latitude"`
		Longitude    *float64 `json:"longitude"`
	} `json:"location"`
}

func (l located) is(name string, lat, lng float64) bool {
	return l.Location.LocationName == name && l.Location.Latitude != nil && *l.Location.Latitude == lat &&
		l.Location.Longitude != nil && *l.Location.Longitude == lng
}

func (l located) empty() bool {
	return l.Location.LocationName == "" && l.Location.Latitude == nil && l.Location.Longitude == nil
}

// A legal entity's location: chosen from the search it stores name and both coordinates, an
// empty name clears all three, it is recorded in the history, and changing it alone leaves a
// validated legal entity validated.
func TestLocation(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		m, a := f.S.As("manager"), f.S.As("admin")
		var le located
		m.Do("POST", "/legal-entity", map[string]any{"entityIds": []int64{f.Client}, "type": "uk_private_limited",
			"companyName": "Salford Crew Ltd", "location": map[string]any{"location_name": " Salford, England, United Kingdom ",
				"latitude": 53.48771, "longitude": -2.29042}}).Want(201).Decode(&le)
		if !le.is("Salford, England, United Kingdom", 53.48771, -2.29042) {
			t.Fatalf("created %+v", le)
		}
		path := fmt.Sprintf("/legal-entity/%d", le.ID)
		m.Do("GET", path, nil).Want(200).Decode(&le)
		if !le.is("Salford, England, United Kingdom", 53.48771, -2.29042) {
			t.Fatalf("read back %+v", le)
		}
		// Without a location: empty name, null coordinates.
		var plain located
		m.Do("GET", fmt.Sprintf("/legal-entity/%d", f.le), nil).Want(200).Decode(&plain)
		if !plain.empty() {
			t.Fatalf("no location %+v", plain)
		}

		a.Do("PATCH", path, map[string]any{"status": "validated", "version": 1}).Want(200).Decode(&le)
		m.Do("PATCH", path, map[string]any{"location": map[string]any{"location_name": "Leeds, England, United Kingdom",
			"latitude": 53.79648, "longitude": -1.54785}, "version": 2}).Want(200).Decode(&le)
		if !le.is("Leeds, England, United Kingdom", 53.79648, -1.54785) || le.Status != "validated" || le.Version != 3 {
			t.Fatalf("moved %+v", le)
		}
		// One coordinate without the other, or out of range: refused, nothing changed.
		var d apptest.Problem
		m.Do("PATCH", path, map[string]any{"location": map[string]any{"location_name": "Nowhere", "latitude": 1.5},
			"version": 3}).Want(422).Decode(&d)
		if d.Msg("location") != "Choose a place from the suggestions." {
			t.Fatalf("%+v", d)
		}
		m.Do("PATCH", path, map[string]any{"location": map[string]any{"location_name": "Pole", "latitude": 91, "longitude": 0},
			"version": 3}).Want(422)
		// Clearing the name clears all three, coordinates or not.
		m.Do("PATCH", path, map[string]any{"location": map[string]any{"location_name": "  ", "latitude": 53.8, "longitude": -1.5},
			"version": 3}).Want(200).Decode(&le)
		if !le.empty() || le.Version != 4 {
			t.Fatalf("cleared %+v", le)
		}
		// Other fields leave the location alone.
		m.Do("PATCH", path, map[string]any{"location": map[string]any{"location_name": "Leeds, England, United Kingdom",
			"latitude": 53.79648, "longitude": -1.54785}, "version": 4}).Want(200)
		m.Do("PATCH", path, map[string]any{"phone": "0113 496 0000", "version": 5}).Want(200).Decode(&le)
		if !le.is("Leeds, England, United Kingdom", 53.79648, -1.54785) {
			t.Fatalf("phone change moved it %+v", le)
		}

		// Who may not: a freelancer, and the manager of another client.
		f.S.As("freelancer").Do("PATCH", path, map[string]any{"location": map[string]any{"location_name": ""},
			"version": 6}).WantError(http.StatusNotFound, "N-404")
		other := fmt.Sprintf("/legal-entity/%d", f.otherLE)
		m.Do("PATCH", other, map[string]any{"location": map[string]any{"location_name": "Leeds, England, United Kingdom",
			"latitude": 53.79648, "longitude": -1.54785}, "version": f.version(t, f.otherLE)}).WantError(http.StatusNotFound, "N-404")

		// The history has each location.
		var rows []string
		if err := f.DB.Select(context.Background(), &rows, `SELECT row_json FROM audit_log
			WHERE hive_source = 'legal_entity' AND record_id = ? ORDER BY id`, le.ID); err != nil {
			t.Fatal(err)
		}
		if len(rows) != 6 || !strings.Contains(rows[0], `"location_name":"Salford, England, United Kingdom"`) ||
			!strings.Contains(rows[0], `"latitude":53.48771`) || !strings.Contains(rows[3], `"latitude":null`) {
			t.Fatalf("audit %v", rows)
		}
	})
}

// The store writes and reads the three columns on both engines.
func TestStoreLocation(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := &legalentities.Store{DB: db}
		lat, lng := 55.86515, -4.25763
		le := legalentities.New()
		le.Type, le.CompanyName = legalentities.TypePrivateLimited, "Glasgow Crew Ltd"
		le.LocationName, le.Latitude, le.Longitude = "Glasgow, Scotland, United Kingdom", &lat, &lng
		if err := s.Create(ctx, &le, nil); err != nil {
			t.Fatal(err)
		}
		got, err := s.LegalEntity(ctx, le.ID)
		if err != nil || got.LocationName != le.LocationName || got.Latitude == nil || *got.Latitude != lat ||
			got.Longitude == nil || *got.Longitude != lng {
			t.Fatalf("%+v %v", got, err)
		}
		got, err = s.Update(ctx, le.ID, 1, func(le *legalentities.LegalEntity) error {
			le.LocationName, le.Latitude, le.Longitude = "", nil, nil
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		got, err = s.LegalEntity(ctx, le.ID)
		if err != nil || got.LocationName != "" || got.Latitude != nil || got.Longitude != nil || got.Version != 2 {
			t.Fatalf("%+v %v", got, err)
		}
	})
}
