// Package places answers location suggestions (GET /locations?query=) from an offline gazetteer
// embedded in the binary: GeoNames-derived places of 1,000 inhabitants or more (data/places.tsv.gz,
// made by tools/places-data; docs/places.md). No map service and no key is involved.
//
// Contains GeoNames data, CC BY 4.0, geonames.org.
package places

import (
	"strconv"
	"strings"

	"github.com/hive/hive/internal/platform/textfold"
)

// Rules of the location search (spec part 1 §5 and §9).
const (
	// MinQuery is the shortest query, in letters and digits after folding, that is looked up;
	// a shorter one answers an empty list.
	MinQuery = 3
	// MaxResults is the most suggestions one query answers.
	MaxResults = 10
)

// Attribution is the credit the gazetteer's licence asks for.
const Attribution = "Contains GeoNames data, CC BY 4.0, geonames.org"

// Place is one gazetteer entry.
type Place struct {
	Name        string
	Region      string // first-level region ("England"); may be empty
	Country     string // ISO 3166-1 alpha-2
	CountryName string
	Population  int
	Lat, Lng    float64
}

// Address is the place as one line: name, region and country ("Salford, England, United
// Kingdom"). The region is left out when it is empty or repeats the name ("Zürich, Switzerland").
func (p Place) Address() string {
	parts := []string{p.Name}
	if p.Region != "" && textfold.Spaced(p.Region) != textfold.Spaced(p.Name) {
		parts = append(parts, p.Region)
	}
	if p.CountryName != "" {
		parts = append(parts, p.CountryName)
	}
	return strings.Join(parts, ", ")
}

// String is for logs and test failures.
func (p Place) String() string {
	return p.Address() + " (" + strconv.Itoa(p.Population) + ")"
}

// MsgLocation is the answer to a location that has one coordinate without the other, or a name
// too long.
const MsgLocation = "Choose a place from the suggestions."

// StoredLocation is a location as a form stores it: the Location suggestion of spec part 1 §3
// (location_name, latitude, longitude). A place chosen from the suggestions sets all three; an
// empty name clears all three.
type StoredLocation struct {
	LocationName string   `json:"location_name" maxLength:"300"`
	Latitude     *float64 `json:"latitude" required:"false" minimum:"-90" maximum:"90"`
	Longitude    *float64 `json:"longitude" required:"false" minimum:"-180" maximum:"180"`
}

// Clean trims the name and clears the coordinates of a location without a name; ok is false
// when only one coordinate is given, a coordinate is out of range, or the name is over 300
// characters.
func (l StoredLocation) Clean() (StoredLocation, bool) {
	l.LocationName = strings.TrimSpace(l.LocationName)
	if l.LocationName == "" {
		return StoredLocation{}, true
	}
	if len([]rune(l.LocationName)) > 300 || (l.Latitude == nil) != (l.Longitude == nil) {
		return l, false
	}
	if l.Latitude != nil && (*l.Latitude < -90 || *l.Latitude > 90 || *l.Longitude < -180 || *l.Longitude > 180 ||
		*l.Latitude != *l.Latitude || *l.Longitude != *l.Longitude) {
		return l, false
	}
	return l, true
}
