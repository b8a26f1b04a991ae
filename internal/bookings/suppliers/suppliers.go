// Package suppliers is available suppliers: who of a department's hireable users is free for a
// selection of one placement template's placements, ranked for the Invite dialog, with the marks
// of the commitment rule (booked then, too little rest: marks.go). The store gathers the facts in
// a fixed number of set-based queries (store_suppliers.go); everything here is arithmetic on
// them, and the operation is in http_suppliers.go. It reads the core bookings package (the
// booking and its manager's access) and the commitment rule; neither reads it.
package suppliers

import (
	"cmp"
	"math/bits"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/hive/hive/internal/bookings/commitment"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/calendarsync"
	"github.com/hive/hive/internal/organisations/tags"
)

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
	User                        AvailableSupplierUser `json:"user"`
	PlacementIDs                []int64               `json:"placementIds" doc:"Selected placements this user is free for"`
	TotalPlacements             int                   `json:"totalPlacements" doc:"How many placements are selected"`
	Availability                float64               `json:"availability" doc:"Free selected placements / selected, 0..1"`
	AvailabilityColour          string                `json:"availabilityColour" enum:"red,yellow,green"`
	AlreadyInstructed           bool                  `json:"alreadyInstructed" doc:"Holds a live instruction in a selected placement"`
	AlreadyInvited              bool                  `json:"alreadyInvited" doc:"Such an instruction awaits the supplier's response"`
	AdjacentAvailability        float64               `json:"adjacentAvailability" doc:"Free share of the day before and the day after the selection"`
	PreferredUser               bool                  `json:"preferredUser" doc:"A preferred user of the booking's job template"`
	MatchedJobTitle             bool                  `json:"matchedJobTitle" doc:"A job title of the user matches the placement template's title"`
	MatchedSkills               []string              `json:"matchedSkills" doc:"Skills of the user named in the placement or job template's title"`
	MatchedSystemsExperience    []string              `json:"matchedSystemsExperience" doc:"Always empty: Hive records no systems experience apart from skills"`
	GlobalAvailabilityRatio     float64               `json:"globalAvailabilityRatio" doc:"Free share of every live placement of the booking"`
	RestWarning                 string                `json:"restWarning,omitempty" doc:"Why accepting a selected placement would leave too little rest (the working-time guard), naming the job in the way when the caller may see its booking, else 'other work (busy)'"`
	BookedPlacementIDs          []int64               `json:"bookedPlacementIds" doc:"Selected placements whose time the user's accepted work overlaps: not available, and an offer of them is refused (a pencil is not)"`
	BookedWarning               string                `json:"bookedWarning,omitempty" doc:"The first such work and its times, naming the job when the caller may see its booking, else 'other work (busy)'"`
	BusyOwnCalendarPlacementIDs []int64               `json:"busyOwnCalendarPlacementIds" doc:"Selected placements a busy time of the user's own calendar overlaps: not available; an offer is allowed, with this warning"`
	BusyOwnCalendar             string                `json:"busyOwnCalendar,omitempty" doc:"'Busy (own calendar)' with the first such busy time; never what it is"`
}

// AvailableSuppliersList is the answer: the selection's size and the ranked candidates.
type AvailableSuppliersList struct {
	PlacementCount int                 `json:"placementCount"`
	Items          []AvailableSupplier `json:"items"`
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
	Timezone        string `db:"timezone"`
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
	// heldElsewhere is the periods of other bookings' placements (without ids) in which live
	// instructions hold someone's time, each with the users whose time it holds.
	heldElsewhere []heldPeriod
	heldRows      []heldRow        // heldNear's read, before heldBy keeps the candidates
	heldHere      map[int64][]slot // per user, this booking's placements that hold their time
	unavailable   []markedDay      // the dates someone marked unavailable, each with who
	// ownBusy is, per user, the busy times of their own calendar near the booking (ids 0).
	ownBusy map[int64][]slot
	// instructed is, per user, their live instructions in the booking: placement → supplier status.
	instructed     map[int64]map[int64]string
	placementTitle string
	jobTitle       string
	// rest is the working-time guard's facts: the booking's entity's limits, each user's
	// accepted work near the selection and their zone; ranking records the breaches in it.
	rest restFacts
}

// heldPeriod is a period in which a placement holds the time of users.
type heldPeriod struct {
	slot
	users []int64
}

// markedDay is a date that users marked unavailable.
type markedDay struct {
	date  string
	users []int64
}

// commitmentsOf gathers every candidate's commitments from the facts.
func (f *supplierFacts) commitmentsOf() *commitments {
	c := newCommitments(f.booking, f.before, f.after, f.candidates)
	for _, h := range f.heldElsewhere {
		c.add(h.users, c.heldMask(h.slot))
	}
	for _, d := range f.unavailable {
		c.add(d.users, c.unavailableMask(d.date))
	}
	for user, busy := range f.ownBusy {
		for _, b := range busy {
			c.add([]int64{user}, c.heldMask(b))
		}
	}
	masks := map[int64][]uint64{} // per placement of the booking: most are held by several users
	for user, held := range f.heldHere {
		for _, h := range held {
			if masks[h.ID] == nil {
				masks[h.ID] = c.heldMask(h)
			}
			c.add([]int64{user}, masks[h.ID])
		}
	}
	return c
}

// commitments records, per candidate, what they are not free for: a bit per live placement of
// the booking (in its order), then one for the day before the selection and one for the day
// after. Each held period or marked day is compared with the booking once, whatever the number
// of users it concerns, so ranking costs in proportion to the facts, not users × placements ×
// facts. The bits are one array, a row of words per candidate in their order; users who are not
// candidates are never asked about and so not recorded.
type commitments struct {
	booking       []slot
	before, after string
	words         int
	index         candidateIndex
	busy          []uint64
}

func newCommitments(booking []slot, before, after string, candidates []candidate) *commitments {
	words := (len(booking) + 2 + 63) / 64
	return &commitments{booking: booking, before: before, after: after, words: words,
		index: newCandidateIndex(candidates), busy: make([]uint64, words*len(candidates))}
}

// heldMask is what a placement holding someone's time at h rules out: the booking's placements
// overlapping it, other than h itself, and the adjacent day it falls on.
func (c *commitments) heldMask(h slot) []uint64 {
	m := make([]uint64, c.words)
	for i, p := range c.booking {
		if p.ID != h.ID && p.Start.Before(h.End) && p.End.After(h.Start) {
			setBit(m, i)
		}
	}
	c.markDay(m, h.Date)
	return m
}

// unavailableMask is what an unavailable date rules out: the booking's placements on that date,
// and the adjacent day when it is one.
func (c *commitments) unavailableMask(date string) []uint64 {
	m := make([]uint64, c.words)
	for i, p := range c.booking {
		if p.Date == date {
			setBit(m, i)
		}
	}
	c.markDay(m, date)
	return m
}

func (c *commitments) markDay(m []uint64, date string) {
	n := len(c.booking)
	if date == c.before {
		setBit(m, n)
	}
	if date == c.after {
		setBit(m, n+1)
	}
}

func (c *commitments) add(users []int64, m []uint64) {
	for _, u := range users {
		if at, ok := c.index.place(u); ok {
			b := c.busy[at*c.words : (at+1)*c.words]
			for w := range m {
				b[w] |= m[w]
			}
		}
	}
}

// of is user's commitments: their row of bits, nil for a user who is not a candidate (and so
// has none recorded).
func (c *commitments) of(user int64) busyBits {
	at, ok := c.index.place(user)
	if !ok {
		return nil
	}
	return busyBits(c.busy[at*c.words : (at+1)*c.words])
}

// busyBits is one candidate's row of commitments.
type busyBits []uint64

// freeFor reports whether the candidate may work the booking's placement i: not marked
// unavailable on its date, and no other placement holding their time overlaps it.
func (b busyBits) freeFor(i int) bool { return b == nil || b[i/64]&(1<<(i%64)) == 0 }

// freeFor reports whether user may work the booking's placement i (busyBits.freeFor).
func (c *commitments) freeFor(user int64, i int) bool { return c.of(user).freeFor(i) }

// freeBefore and freeAfter report whether user has the day before (after) the selection to
// themselves: not marked unavailable, and no placement holding their time on it.
func (c *commitments) freeBefore(user int64) bool { return c.of(user).freeFor(len(c.booking)) }
func (c *commitments) freeAfter(user int64) bool  { return c.of(user).freeFor(len(c.booking) + 1) }

// freeShare is the share of the booking's live placements user is free for.
func (c *commitments) freeShare(user int64) float64 { return c.freeShareOf(c.of(user)) }

// freeShareOf is freeShare of a candidate's bits, counted a word at a time.
func (c *commitments) freeShareOf(b busyBits) float64 {
	n := len(c.booking)
	busy := 0
	for w := 0; b != nil && w*64 < n; w++ {
		word := b[w]
		if rest := n - w*64; rest < 64 {
			word &= 1<<rest - 1 // the day before and after are not placements
		}
		busy += bits.OnesCount64(word)
	}
	return ratio(n-busy, n)
}

func setBit(m []uint64, i int) { m[i/64] |= 1 << (i % 64) }

// ratio is part/whole, 0 for an empty whole.
func ratio(part, whole int) float64 {
	if whole == 0 {
		return 0
	}
	return float64(part) / float64(whole)
}

// rankSuppliers computes every candidate's row and sorts them with compareSuppliers.
func rankSuppliers(f *supplierFacts) AvailableSuppliersList {
	c := f.commitmentsOf()
	isSelected := make(map[int64]bool, len(f.selection))
	for _, p := range f.selection {
		isSelected[p.ID] = true
	}
	selected := make([]int, 0, len(f.selection)) // each selected placement's place in the booking
	for i, p := range f.booking {
		if isSelected[p.ID] {
			selected = append(selected, i)
		}
	}
	rows := make([]AvailableSupplier, len(f.candidates))
	keyed := make([]rankedSupplier, len(f.candidates))
	free := make([]int, 0, len(selected)) // each candidate's free placements, in turn
	for i, cand := range f.candidates {
		rows[i] = supplierRow(f, c, selected, cand, free)
		keyed[i] = ranked(&rows[i], i)
	}
	slices.SortFunc(keyed, compareSuppliers) // moves pointers, not the big rows
	// Then each row is moved once to its place, a cycle of the order at a time.
	from := make([]int, len(keyed)) // the place in rows of the row that belongs at i
	for i, k := range keyed {
		from[i] = k.at
	}
	for i := range from {
		if from[i] == i || from[i] < 0 {
			continue
		}
		first := rows[i]
		at := i
		for from[at] != i {
			next := from[at]
			rows[at], from[at] = rows[next], -1
			at = next
		}
		rows[at], from[at] = first, -1
	}
	return AvailableSuppliersList{PlacementCount: len(f.selection), Items: rows}
}

// supplierRow is cand's row; free is a buffer for the free placements' places in the booking.
func supplierRow(f *supplierFacts, c *commitments, selected []int, cand candidate, free []int) AvailableSupplier {
	row := AvailableSupplier{User: AvailableSupplierUser{ID: cand.ID, FullName: strings.TrimSpace(cand.FirstName + " " + cand.LastName),
		FirstName: cand.FirstName, Email: cand.Email, Phone: cand.Phone},
		PlacementIDs: make([]int64, 0, len(selected)), BookedPlacementIDs: []int64{}, BusyOwnCalendarPlacementIDs: []int64{}, TotalPlacements: len(f.selection), PreferredUser: f.preferred[cand.ID],
		MatchedJobTitle: cand.MatchedJobTitle, MatchedSkills: cand.MatchedSkills, MatchedSystemsExperience: []string{}}
	if row.MatchedSkills == nil {
		row.MatchedSkills = []string{}
	}
	instructed := f.instructed[cand.ID]
	busy, work := c.of(cand.ID), f.rest.work[cand.ID]
	free = free[:0]
	for _, i := range selected {
		p := f.booking[i]
		if busy.freeFor(i) {
			row.PlacementIDs = append(row.PlacementIDs, p.ID)
			free = append(free, i)
		} else if f.rest.bookedOn(cand.ID, work, p) {
			row.BookedPlacementIDs = append(row.BookedPlacementIDs, p.ID)
		} else if b, ok := busyOver(f.ownBusy[cand.ID], p); ok {
			row.BusyOwnCalendarPlacementIDs = append(row.BusyOwnCalendarPlacementIDs, p.ID)
			if row.BusyOwnCalendar == "" {
				row.BusyOwnCalendar = calendarsync.BusyMessage(b.Start, b.End, commitment.ZoneOf(cand.Timezone))
			}
		}
		if st, ok := instructed[p.ID]; ok {
			row.AlreadyInstructed = true
			row.AlreadyInvited = row.AlreadyInvited || status.Status(st) == status.Awaiting
		}
	}
	row.Availability = ratio(len(row.PlacementIDs), len(f.selection))
	row.AvailabilityColour = AvailabilityColour(row.Availability)
	freeDays := 0
	for _, free := range []bool{busy.freeFor(len(f.booking)), busy.freeFor(len(f.booking) + 1)} { // the days before and after
		if free {
			freeDays++
		}
	}
	row.AdjacentAvailability = ratio(freeDays, 2)
	row.GlobalAvailabilityRatio = c.freeShareOf(busy)
	f.rest.check(cand.ID, work, f.booking, free)
	return row
}

// busyOver is the first of busy overlapping p.
func busyOver(busy []slot, p slot) (slot, bool) {
	for _, b := range busy {
		if b.Start.Before(p.End) && b.End.After(p.Start) {
			return b, true
		}
	}
	return slot{}, false
}

// rankedSupplier is a row, its place among the rows and its sort key (the lower-cased name,
// computed once).
type rankedSupplier struct {
	row  *AvailableSupplier
	at   int
	name string
}

func ranked(row *AvailableSupplier, at int) rankedSupplier {
	return rankedSupplier{row: row, at: at, name: strings.ToLower(row.User.FullName)}
}

// compareSuppliers is the ranking, written once: preferred users first, then availability
// (highest first), a matching job title, adjacent availability (highest first), full name
// (case-insensitively), and the id so equal rows keep one order. Each key is compared only when
// the ones before are equal (the sort asks this some 20,000 times).
func compareSuppliers(x, y rankedSupplier) int {
	a, b := x.row, y.row // pointers: compared in place
	if c := compareTrueFirst(a.PreferredUser, b.PreferredUser); c != 0 {
		return c
	}
	if c := cmp.Compare(b.Availability, a.Availability); c != 0 {
		return c
	}
	if c := compareTrueFirst(a.MatchedJobTitle, b.MatchedJobTitle); c != 0 {
		return c
	}
	if c := cmp.Compare(b.AdjacentAvailability, a.AdjacentAvailability); c != 0 {
		return c
	}
	if c := strings.Compare(x.name, y.name); c != 0 {
		return c
	}
	return cmp.Compare(a.User.ID, b.User.ID)
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
