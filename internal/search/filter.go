package search

// Location is the place an advanced search measures distance from (spec part 1 §3).
type Location struct {
	LocationName string  `json:"location_name" maxLength:"300"`
	Latitude     float64 `json:"latitude" minimum:"-90" maximum:"90"`
	Longitude    float64 `json:"longitude" minimum:"-180" maximum:"180"`
}

// Filter is the freelancer advanced search (spec part 1 §3 Advanced search filter).
type Filter struct {
	Currency     string    `json:"currency,omitempty" enum:"USD,EUR,GBP"`
	Rate         *float64  `json:"rate,omitempty" doc:"0 clears the rate filter"`
	From         *float64  `json:"from,omitempty" doc:"Lowest day rate in currency"`
	To           *float64  `json:"to,omitempty" doc:"Highest day rate in currency"`
	Location     *Location `json:"location,omitempty"`
	Radius       int       `json:"radius,omitempty" enum:"0,10,25,50,100,101" doc:"Miles; 101 means over 100 miles"`
	BusinessType string    `json:"businessType,omitempty"`
	Countries    []string  `json:"countries,omitempty" maxItems:"300"`
	Skills       []int64   `json:"skills,omitempty" maxItems:"100" doc:"Skill tag ids; every one must match"`
	JobTitles    []int64   `json:"jobTitles,omitempty" maxItems:"100" doc:"Job title tag ids; every one must match"`
	StartDate    string    `json:"startDate,omitempty" doc:"YYYY-MM-DD"`
	EndDate      string    `json:"endDate,omitempty" doc:"YYYY-MM-DD; at most 31 days after startDate"`
	SortKey      string    `json:"sort_key,omitempty" enum:"businessType,price,preferred"`
}
