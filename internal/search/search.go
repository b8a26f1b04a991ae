// Package search answers POST /search: the top bar's global search across users, bookings,
// legal entities, entities, departments and jobs, and the freelancer advanced search (the same
// call with filters). It owns a search index (a read model of the other features' records, kept
// in step in their write transactions) and reads it with the searcher's visibility applied.
package search

import (
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/search/index"
)

// Source is a result's kind, the spec's hiveSource.
type Source string

// The sources of the spec (part 1 §3 Search result): the index's own, which each hit carries.
const (
	SourceUser        = Source(index.User)
	SourceBooking     = Source(index.Booking)
	SourceLegalEntity = Source(index.LegalEntity)
	SourceEntity      = Source(index.Entity)
	SourceDepartment  = Source(index.Department)
	SourceJob         = Source(index.Job)
)

// MinQueryLength is the shortest text query that is searched (spec part 1 §9).
const MinQueryLength = 3

// Query is POST /search's {data}: a text query, the advanced filters, or both.
type Query struct {
	Query string `json:"query,omitempty" doc:"Free text; searched from 3 characters"`
	Filter
}

// NamedRef is a record named on a card (an entity or department of a freelancer).
type NamedRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Result is one card of the results panel. Which fields are set depends on hiveSource (spec
// part 1 §2 card content); the rest are omitted.
type Result struct {
	HiveSource Source  `json:"hiveSource" enum:"user,booking,legal_entity,entity,department,job"`
	HiveRank   float64 `json:"hiveRank" doc:"Relevance; the list is sorted by it, descending"`
	ID         int64   `json:"id"`

	// user
	RoleLabel       string     `json:"roleLabel,omitempty" enum:"Freelancer,Staff"`
	Available       *bool      `json:"available,omitempty"`
	FirstName       string     `json:"firstName,omitempty"`
	LastName        string     `json:"lastName,omitempty"`
	Email           string     `json:"email,omitempty" doc:"Staff results only"`
	ProfileImageURL string     `json:"profile_image_url,omitempty"`
	JobTitles       []string   `json:"jobTitles,omitempty" doc:"At most 3"`
	Entities        []NamedRef `json:"entities,omitempty" doc:"At most 5"`
	Departments     []NamedRef `json:"departments,omitempty" doc:"At most 5"`
	DayRate         *jobs.Rate `json:"dayRate,omitempty"`
	BusinessType    string     `json:"businessType,omitempty"`
	Preferred       bool       `json:"preferred,omitempty" doc:"A preferred supplier of a department the searcher manages"`
	LocationName    string     `json:"location_name,omitempty"`
	DistanceMiles   *float64   `json:"distanceMiles,omitempty" doc:"Advanced search with a location only"`
	RestWarning     string     `json:"restWarning,omitempty" doc:"Advanced search with dates only: why working those days would leave too little rest (the working-time guard), naming the job in the way when the caller may see its booking, else 'other work (busy)'"`

	// booking and job
	ClientName      string `json:"clientName,omitempty"`
	DepartmentName  string `json:"departmentName,omitempty"`
	Title           string `json:"title,omitempty"`
	Reference       string `json:"reference,omitempty"`
	LegacyBookingID string `json:"legacyBookingId,omitempty"`
	LegacyJobID     string `json:"legacyJobId,omitempty"`
	Agent           string `json:"agent,omitempty"`
	DivisionTeam    string `json:"divisionTeam,omitempty"`
	Function        string `json:"function,omitempty"`

	// department, entity and legal entity
	Name string `json:"name,omitempty"`
	Type string `json:"type,omitempty"`
}
