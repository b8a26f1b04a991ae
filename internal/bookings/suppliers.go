package bookings

import (
	"cmp"
	"context"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/organisations"
	"github.com/hive/hive/internal/organisations/tags"
	"github.com/hive/hive/internal/platform/httpapi"
)

// Available suppliers: who of a department's hireable users is free for a selection of one
// placement template's placements, ranked for the Invite dialog. The store gathers the facts in
// a fixed number of set-based queries (suppliers_store.go); everything here is arithmetic on them.

// The availability colour thresholds (spec §4 and §9): red below 0.5, yellow below 0.8, else green.
const (
	AvailabilityYellowFrom = 0.5
	AvailabilityGreenFrom  = 0.8
)

// The availability colours.
const (
	AvailabilityRed    = "red"
	AvailabilityYellow = "yellow"
	AvailabilityGreen  = "green"
)

// MsgSinglePlacementType is the spec's catalogue message, answered when a selection mixes
// placement templates.
const MsgSinglePlacementType = "You can only view availability for a single placement type at a time. " +
	"Uncheck all but one placement type and try again."

// MsgSelectionNotLive refuses a selected placement that is not a live placement of the booking.
const MsgSelectionNotLive = "Every placement must be a live placement of this booking."

// AvailabilityColour is the colour of an availability ratio.
func AvailabilityColour(ratio float64) string {
	switch {
	case ratio < AvailabilityYellowFrom:
		return AvailabilityRed
	case ratio < AvailabilityGreenFrom:
		return AvailabilityYellow
	}
	return AvailabilityGreen
}

// AvailableSupplierUser names a candidate.
type AvailableSupplierUser struct {
	ID        int64  `json:"id"`
	FullName  string `json:"fullName"`
	FirstName string `json:"firstName"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
}

// AvailableSupplier is one candidate for a selection of placements.
type AvailableSupplier struct {
	User                     AvailableSupplierUser `json:"user"`
	PlacementIDs             []int64               `json:"placementIds" doc:"Selected placements this user is free for"`
	TotalPlacements          int                   `json:"totalPlacements" doc:"How many placements are selected"`
	Availability             float64               `json:"availability" doc:"Free selected placements / selected, 0..1"`
	AvailabilityColour       string                `json:"availabilityColour" enum:"red,yellow,green"`
	AlreadyInstructed        bool                  `json:"alreadyInstructed" doc:"Holds a live instruction in a selected placement"`
	AlreadyInvited           bool                  `json:"alreadyInvited" doc:"Such an instruction awaits the supplier's response"`
	AdjacentAvailability     float64               `json:"adjacentAvailability" doc:"Free share of the day before and the day after the selection"`
	PreferredUser            bool                  `json:"preferredUser" doc:"A preferred user of the booking's job template"`
	MatchedJobTitle          bool                  `json:"matchedJobTitle" doc:"A job title of the user matches the placement template's title"`
	MatchedSkills            []string              `json:"matchedSkills" doc:"Skills of the user named in the placement or job template's title"`
	MatchedSystemsExperience []string              `json:"matchedSystemsExperience" doc:"Always empty: Hive records no systems experience apart from skills"`
	GlobalAvailabilityRatio  float64               `json:"globalAvailabilityRatio" doc:"Free share of every live placement of the booking"`
}

// AvailableSuppliersList is the answer: the selection's size and the ranked candidates.
type AvailableSuppliersList struct {
	PlacementCount int                 `json:"placementCount"`
	Items          []AvailableSupplier `json:"items"`
}

// AvailableSuppliersInput is the request: booking, placement template and optional selection.
type AvailableSuppliersInput struct {
	ID                  int64   `path:"id" minimum:"1"`
	PlacementTemplateID int64   `path:"placementTemplateId" minimum:"1"`
	PlacementIDs        []int64 `query:"placementIds,explode" maxItems:"400" doc:"Default: every live placement of the booking with this placement template"`
}

func (h *handlers) registerSuppliers(api huma.API) {
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "availableSuppliers", Method: http.MethodGet,
		Path:    "/booking/{id}/placement-template/{placementTemplateId}/available-suppliers",
		Summary: "The department's hireable users ranked by availability for placements of one placement template",
		Tags:    []string{"Booking"}, Errors: []int{403, 404, 422}}, h.availableSuppliers)
}

func (h *handlers) availableSuppliers(ctx context.Context, in *AvailableSuppliersInput) (*struct{ Body AvailableSuppliersList }, error) {
	b, err := h.store.Booking(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	if _, err := organisations.RequireDepartmentManager(ctx, b.DepartmentID); err != nil {
		return nil, err
	}
	list, err := h.store.AvailableSuppliers(ctx, b, in.PlacementTemplateID, in.PlacementIDs)
	if err != nil {
		return nil, err
	}
	return &struct{ Body AvailableSuppliersList }{Body: list}, nil
}

// slot is a placement as availability sees it.
type slot struct {
	ID         int64     `db:"id"`
	TemplateID *int64    `db:"placement_template_id"`
	Date       string    `db:"local_date"`
	Start      time.Time `db:"start_at"`
	End        time.Time `db:"end_at"`
}

// candidate is a hireable user with the tags that match the templates' titles.
type candidate struct {
	ID              int64  `db:"id"`
	FirstName       string `db:"first_name"`
	LastName        string `db:"last_name"`
	Email           string `db:"email"`
	Phone           string `db:"phone"`
	MatchedJobTitle bool
	MatchedSkills   []string
}

// supplierFacts is everything the ranking reads, as the store gathered it.
type supplierFacts struct {
	selection     []slot // the selected placements, by start
	booking       []slot // every live placement of the booking, by start
	before, after string // the local days either side of the selection
	candidates    []candidate
	preferred     map[int64]bool
	// held is, per user, the placements where a live instruction holds their time: the periods
	// of other bookings' placements (without ids) and this booking's own placements.
	held     map[int64][]slot
	heldHere map[int64][]slot // this booking's share of held, until merged
	// unavailable is, per user, the dates they marked unavailable.
	unavailable map[int64][]string
	// instructed is, per user, their live instructions in the booking: placement → supplier status.
	instructed     map[int64]map[int64]string
	placementTitle string
	jobTitle       string
}

// diary is one user's commitments: the placements holding their time and their unavailable dates.
type diary struct {
	held        []slot
	unavailable []string
}

func (f *supplierFacts) diaryOf(user int64) diary {
	return diary{held: f.held[user], unavailable: f.unavailable[user]}
}

// freeFor reports whether the user may work p: not marked unavailable on its date, and no held
// placement overlapping it other than p itself.
func (d diary) freeFor(p slot) bool {
	if slices.Contains(d.unavailable, p.Date) {
		return false
	}
	for _, h := range d.held {
		if h.ID != p.ID && h.Start.Before(p.End) && h.End.After(p.Start) {
			return false
		}
	}
	return true
}

// freeOn reports whether the user has the local day date to themselves.
func (d diary) freeOn(date string) bool {
	if slices.Contains(d.unavailable, date) {
		return false
	}
	for _, h := range d.held {
		if h.Date == date {
			return false
		}
	}
	return true
}

// freeShare is the share of slots d is free for.
func (d diary) freeShare(slots []slot) float64 {
	free := 0
	for _, p := range slots {
		if d.freeFor(p) {
			free++
		}
	}
	return ratio(free, len(slots))
}

// ratio is part/whole, 0 for an empty whole.
func ratio(part, whole int) float64 {
	if whole == 0 {
		return 0
	}
	return float64(part) / float64(whole)
}

// rankSuppliers computes every candidate's row and sorts them with compareSuppliers.
func rankSuppliers(f *supplierFacts) AvailableSuppliersList {
	rows := make([]AvailableSupplier, len(f.candidates))
	keyed := make([]rankedSupplier, len(f.candidates))
	for i, c := range f.candidates {
		rows[i] = supplierRow(f, c)
		keyed[i] = ranked(&rows[i])
	}
	slices.SortFunc(keyed, compareSuppliers) // moves pointers, not the big rows
	out := AvailableSuppliersList{PlacementCount: len(f.selection), Items: make([]AvailableSupplier, len(keyed))}
	for i, k := range keyed {
		out.Items[i] = *k.row
	}
	return out
}

func supplierRow(f *supplierFacts, c candidate) AvailableSupplier {
	row := AvailableSupplier{User: AvailableSupplierUser{ID: c.ID, FullName: strings.TrimSpace(c.FirstName + " " + c.LastName),
		FirstName: c.FirstName, Email: c.Email, Phone: c.Phone},
		PlacementIDs: []int64{}, TotalPlacements: len(f.selection), PreferredUser: f.preferred[c.ID],
		MatchedJobTitle: c.MatchedJobTitle, MatchedSkills: c.MatchedSkills, MatchedSystemsExperience: []string{}}
	if row.MatchedSkills == nil {
		row.MatchedSkills = []string{}
	}
	d := f.diaryOf(c.ID)
	for _, p := range f.selection {
		if d.freeFor(p) {
			row.PlacementIDs = append(row.PlacementIDs, p.ID)
		}
		if st, ok := f.instructed[c.ID][p.ID]; ok {
			row.AlreadyInstructed = true
			row.AlreadyInvited = row.AlreadyInvited || status.Status(st) == status.Awaiting
		}
	}
	row.Availability = ratio(len(row.PlacementIDs), len(f.selection))
	row.AvailabilityColour = AvailabilityColour(row.Availability)
	freeDays := 0
	for _, day := range []string{f.before, f.after} {
		if d.freeOn(day) {
			freeDays++
		}
	}
	row.AdjacentAvailability = ratio(freeDays, 2)
	row.GlobalAvailabilityRatio = d.freeShare(f.booking)
	return row
}

// rankedSupplier is a row with its sort key (the lower-cased name, computed once).
type rankedSupplier struct {
	row  *AvailableSupplier
	name string
}

func ranked(row *AvailableSupplier) rankedSupplier {
	return rankedSupplier{row: row, name: strings.ToLower(row.User.FullName)}
}

// compareSuppliers is the ranking, written once: preferred users first, then availability
// (highest first), a matching job title, adjacent availability (highest first), full name
// (case-insensitively), and the id so equal rows keep one order.
func compareSuppliers(x, y rankedSupplier) int {
	a, b := x.row, y.row // pointers: compared in place
	return cmp.Or(
		compareTrueFirst(a.PreferredUser, b.PreferredUser),
		cmp.Compare(b.Availability, a.Availability),
		compareTrueFirst(a.MatchedJobTitle, b.MatchedJobTitle),
		cmp.Compare(b.AdjacentAvailability, a.AdjacentAvailability),
		strings.Compare(x.name, y.name),
		cmp.Compare(a.User.ID, b.User.ID),
	)
}

func compareTrueFirst(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return -1
	}
	return 1
}

// tagMatches applies the matching rules to one tag of a candidate: a job title matches when it
// is named in the placement template's title; a skill when it is named in the placement
// template's or the job template's title.
func tagMatches(category, name, placementTitle, jobTitle string) bool {
	switch category {
	case tags.CategoryJobTitle:
		return phraseIn(name, placementTitle)
	case tags.CategorySkills:
		return phraseIn(name, placementTitle) || phraseIn(name, jobTitle)
	}
	return false
}

// phraseIn reports whether phrase occurs in text as whole words, ignoring case and punctuation:
// "Camera Operator" is in "Senior camera operator (OB)", "NDI" is not in "Indie".
func phraseIn(phrase, text string) bool {
	p, t := words(phrase), words(text)
	if len(p) == 0 {
		return false
	}
	for i := 0; i+len(p) <= len(t); i++ {
		if slices.Equal(p, t[i:i+len(p)]) {
			return true
		}
	}
	return false
}

func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// adjacentDays returns the local dates before first and after last (both YYYY-MM-DD).
func adjacentDays(first, last string) (before, after string) {
	shift := func(date string, days int) string {
		d, err := time.Parse(time.DateOnly, date)
		if err != nil {
			return ""
		}
		return d.AddDate(0, 0, days).Format(time.DateOnly)
	}
	return shift(first, -1), shift(last, 1)
}
