package places

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/httpapi"
)

// LatLng is a position in degrees, as Google's place search answers it.
type LatLng struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

// Geometry wraps the position, as Google's place search answers it.
type Geometry struct {
	Location LatLng `json:"location"`
}

// Suggestion is one place the location search offers: the wire names of Google's place text
// search (formatted_address, geometry.location.lat and lng; spec part 1 §7) and the Location
// suggestion of spec part 1 §3 (location_name, latitude, longitude), which is what a form stores.
type Suggestion struct {
	FormattedAddress string   `json:"formatted_address" doc:"name, region and country"`
	Geometry         Geometry `json:"geometry"`
	Name             string   `json:"name" doc:"the place's own name"`
	Country          string   `json:"country" doc:"ISO 3166-1 alpha-2 code"`
	LocationName     string   `json:"location_name" doc:"what a form stores as the location's name: the formatted address"`
	Latitude         float64  `json:"latitude"`
	Longitude        float64  `json:"longitude"`
}

// SuggestionOf is the answer for one place.
func SuggestionOf(p Place) Suggestion {
	addr := p.Address()
	return Suggestion{FormattedAddress: addr, Geometry: Geometry{Location: LatLng{Lat: p.Lat, Lng: p.Lng}},
		Name: p.Name, Country: p.Country, LocationName: addr, Latitude: p.Lat, Longitude: p.Lng}
}

// LocationsOutput is the answer of GET /locations.
type LocationsOutput struct {
	Body struct {
		Results []Suggestion `json:"results" doc:"most populous first; empty for a query under 3 letters or digits"`
	}
}

type handlers struct{ index func() (*Index, error) }

// Register adds GET /locations. The gazetteer is read on the first request (about a tenth of a
// second; docs/places.md), not at start-up, so tests and commands that never search pay nothing.
func Register(api huma.API) {
	h := &handlers{index: Default}
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "searchLocations", Method: http.MethodGet,
		Path: "/locations", Summary: "Location suggestions from the offline gazetteer: place names starting with the query, accents and case ignored, most populous first, at most 10",
		Description: Attribution + ".", Tags: []string{"Places"}}, h.search)
}

func (h *handlers) search(ctx context.Context, in *struct {
	Query string `query:"query" doc:"the start of a place name; fewer than 3 letters or digits answer an empty list"`
}) (*LocationsOutput, error) {
	// Any signed-in user: freelancers set their own location, managers their legal entities'.
	if _, err := auth.RequireUser(ctx); err != nil {
		return nil, err
	}
	x, err := h.index()
	if err != nil {
		return nil, err
	}
	out := &LocationsOutput{}
	out.Body.Results = []Suggestion{}
	for _, p := range x.Search(in.Query, MaxResults) {
		out.Body.Results = append(out.Body.Results, SuggestionOf(p))
	}
	return out, nil
}
