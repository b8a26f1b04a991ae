// Package places answers location suggestions (GET /locations?query=) from an offline gazetteer
// embedded in the binary: GeoNames-derived places of 1,000 inhabitants or more (data/places.tsv.gz,
// made by tools/places-data; docs/places.md). No map service and no key is involved.
//
// Contains GeoNames data, CC BY 4.0, geonames.org.
package places

import (
	"strconv"
	"strings"
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
	if p.Region != "" && Fold(p.Region) != Fold(p.Name) {
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
