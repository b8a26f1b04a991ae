// Package agenda is the agenda of spec part 2 §2: placement cards sorted into tabs, for a
// freelancer (their own instructions) or a manager (every instruction of the departments they
// may view), the counts per tab, and a freelancer's private iCalendar feed. It reads the
// bookings feature's tables and reuses its views and status rules; it writes only the feeds.
package agenda

import (
	"fmt"
	"time"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// Tab is one agenda tab.
type Tab string

// The tabs of spec part 2 §2. Critical is a manager's tab; a freelancer's is always empty.
const (
	Outstanding          Tab = "outstanding"
	AwaitingConfirmation Tab = "awaiting_confirmation"
	Confirmed            Tab = "confirmed"
	CriticalTab          Tab = "critical"
	Archived             Tab = "archived"
)

// View says whose agenda is shown: a freelancer's own cards or a manager's departments.
type View string

// The two views. A user who is both chooses with ?as=; the default is the manager's view when
// they may view any department (see docs/decisions.md, "Agenda and calendar feed").
const (
	FreelancerView View = "freelancer"
	ManagerView    View = "manager"
)

// instructionRule is the statuses that put one instruction in a tab, provided it is not
// deleted and its placement has not ended. The rules are disjoint, so a freelancer's
// instruction is in exactly one tab: the first that matches, else Archived.
type instructionRule struct {
	Tab              Tab
	Supplier, Client []status.Status
}

// instructionRules is the one home of the tab rules (spec §2 "Agenda"); the store renders them
// as SQL, so listing and counting cannot drift apart.
//
//	Outstanding:           supplier awaiting, client accepted or awaiting
//	Awaiting Confirmation: supplier accepted, client awaiting
//	Confirmed:             both accepted
var instructionRules = []instructionRule{
	{Tab: Outstanding, Supplier: status.AnswerAwaited.Supplier, Client: status.AnswerAwaited.Client},
	{Tab: AwaitingConfirmation, Supplier: []status.Status{status.Accepted}, Client: []status.Status{status.Awaiting}},
	{Tab: Confirmed, Supplier: []status.Status{status.Accepted}, Client: []status.Status{status.Accepted}},
}

// unassignedTab is where a manager also finds a live placement that has not ended and has no
// live instruction (none, or all rejected or cancelled): it needs someone.
const unassignedTab = Outstanding

// ruleOf returns the rule of a tab that has one (not Critical, not Archived).
func ruleOf(t Tab) (instructionRule, bool) {
	for _, r := range instructionRules {
		if r.Tab == t {
			return r, true
		}
	}
	return instructionRule{}, false
}

// ParseTab checks a tab name; empty is the view's default tab.
func ParseTab(s string, v View) (Tab, error) {
	switch t := Tab(s); t {
	case "":
		return DefaultTab(v), nil
	case Outstanding, AwaitingConfirmation, Confirmed, CriticalTab, Archived:
		return t, nil
	}
	return "", fmt.Errorf("unknown tab %q", s)
}

// DefaultTab is Outstanding for a freelancer and Awaiting Confirmation for a manager (spec §2).
func DefaultTab(v View) Tab {
	if v == FreelancerView {
		return Outstanding
	}
	return AwaitingConfirmation
}

// ViewOf decides the view: as when given; otherwise the manager's view for administrators and
// anyone who may view a department, the freelancer's for freelancers, and the manager's (which
// shows nothing) for staff without links.
func ViewOf(p *auth.Principal, as string) View {
	switch View(as) {
	case FreelancerView, ManagerView:
		return View(as)
	}
	if !access.VisibleDepartments(p).None() {
		return ManagerView
	}
	if p.Has(auth.NeedFreelancer) {
		return FreelancerView
	}
	return ManagerView
}

// Caller is what the cards need of who reads them, decided by the handler (CallerOf) so the
// store takes no principal: whose bookings they may open (access.CanSeeBooking decided as a
// BookingReader), and each instruction as they see it with what they may do to it (View:
// bookings.InstructionViewOf for the caller).
type Caller struct {
	Reader access.BookingReader
	View   func(r bookings.InstructionRow, at bookings.InstructionPlace, now time.Time) bookings.InstructionView
}

// CallerOf is p as the agenda's cards read it.
func CallerOf(p *auth.Principal) Caller {
	view := func(r bookings.InstructionRow, at bookings.InstructionPlace, now time.Time) bookings.InstructionView {
		return bookings.InstructionViewOf(p, r, at, now)
	}
	return Caller{Reader: access.BookingReaderOf(p), View: view}
}

// Query is what one agenda request asks for, after defaults and checks.
type Query struct {
	View      View
	Tab       Tab
	UserID    int64               // the caller; the freelancer's view shows their instructions
	Visible   database.Visibility // the departments a manager may view (every one for administrators)
	StartDate string              // local dates YYYY-MM-DD, inclusive; empty: open
	EndDate   string
	Offset    int
	Limit     int
}

// AgendaCard is one placement of the agenda.
type AgendaCard struct {
	BookingID          int64               `json:"bookingId"`
	BookingTitle       string              `json:"bookingTitle"`
	ClientName         string              `json:"clientName"`
	DepartmentID       int64               `json:"departmentId"`
	DepartmentName     string              `json:"departmentName"`
	DepartmentTimezone string              `json:"departmentTimezone"`
	Placement          AgendaPlacement     `json:"placement"`
	Instructions       []AgendaInstruction `json:"instructions" doc:"The rows the placement group display rule shows (a cancelled offer only when substituted); a freelancer's view holds their own only, all of them; sorted by the status sort priority"`
	Unassigned         bool                `json:"unassigned" doc:"Manager's view: the placement has no live instruction (the card shows 'No user assigned')"`
	IsCritical         bool                `json:"isCritical" doc:"Manager's view: starts within 48 hours with nobody accepted on both sides"`
	CanOpen            bool                `json:"canOpen" doc:"The caller may open the booking's edit page"`
	Colour             status.Colour       `json:"colour" enum:"green,purple,orange,red,gray" doc:"The placement's colour by the placement group display rule (the freelancer's view: the worst of their own instructions); gray without any"`
}

// AgendaPlacement is a card's placement.
type AgendaPlacement struct {
	ID          int64                `json:"id"`
	Title       string               `json:"title"`
	Date        string               `json:"date" doc:"Local date in the placement's zone"`
	Period      []string             `json:"period" doc:"[start, end] in UTC"`
	LocalPeriod bookings.LocalPeriod `json:"localPeriod" doc:"The period in the department's zone, with its offset"`
	Timezone    string               `json:"timezone"`
	Overnight   bool                 `json:"overnight"`
	StartTime   string               `json:"startTime" doc:"HH:mm"`
	EndTime     string               `json:"endTime" doc:"HH:mm"`
	DeletedAt   *string              `json:"deletedAt" doc:"Set when the placement was cancelled"`
}

// AgendaInstruction is one row of a card: the bookings feature's instruction view (never with
// a buy rate) with the agenda's flags.
type AgendaInstruction struct {
	bookings.InstructionView
	Colour      status.Colour `json:"colour" enum:"green,purple,orange,red,gray"`
	Substituted bool          `json:"substituted" doc:"A live instruction substitutes this one"`
}

// AgendaList is a page of cards.
type AgendaList struct {
	Items []AgendaCard `json:"items"`
	Total int          `json:"total"`
	Tab   Tab          `json:"tab" enum:"outstanding,awaiting_confirmation,confirmed,critical,archived" doc:"The tab shown (the default when none was asked)"`
	View  View         `json:"view" enum:"freelancer,manager" doc:"Whose agenda this is"`
}

// AgendaStats counts the cards of each tab.
type AgendaStats struct {
	Outstanding          int  `json:"outstanding"`
	AwaitingConfirmation int  `json:"awaitingConfirmation"`
	Confirmed            int  `json:"confirmed"`
	Critical             int  `json:"critical" doc:"Managers only; 0 in the freelancer's view"`
	Archived             int  `json:"archived"`
	View                 View `json:"view" enum:"freelancer,manager"`
}

// placementFacts is what assembling a card reads of a placement.
type placementFacts struct {
	ID, BookingID, DepartmentID                     int64
	Title, BookingTitle, ClientName, DepartmentName string
	DepartmentTimezone, Timezone, LocalDate         string
	StartTime, EndTime                              string
	StartAt, EndAt                                  time.Time
	Overnight                                       bool
	DeletedAt                                       *time.Time
}

// assembleCard builds a card from its placement and the instruction rows the view shows. Only
// the freelancer's own instructions reach this for the freelancer's view.
func assembleCard(pf placementFacts, rows []AgendaInstruction, q Query, caller Caller, now time.Time) AgendaCard {
	c := AgendaCard{BookingID: pf.BookingID, BookingTitle: pf.BookingTitle, ClientName: pf.ClientName,
		DepartmentID: pf.DepartmentID, DepartmentName: pf.DepartmentName, DepartmentTimezone: pf.DepartmentTimezone,
		Placement: AgendaPlacement{ID: pf.ID, Title: pf.Title, Date: pf.LocalDate,
			Period:      []string{bookings.WireTime(pf.StartAt.UTC()), bookings.WireTime(pf.EndAt.UTC())},
			LocalPeriod: bookings.LocalPeriod{Start: bookings.LocalTime(pf.StartAt, pf.Timezone), End: bookings.LocalTime(pf.EndAt, pf.Timezone)},
			Timezone:    pf.Timezone, Overnight: pf.Overnight, StartTime: clock(pf.StartTime), EndTime: clock(pf.EndTime)},
		Instructions: rows, Colour: status.Gray}
	if pf.DeletedAt != nil {
		s := bookings.WireTime(pf.DeletedAt.UTC())
		c.Placement.DeletedAt = &s
	}
	if c.Instructions == nil {
		c.Instructions = []AgendaInstruction{}
	}
	states := make([]status.State, len(rows))
	members := make([]status.GroupMember, len(rows))
	holds, live := false, false
	for i, r := range rows {
		states[i] = stateOf(r.InstructionView)
		members[i] = status.MemberOf(states[i], r.SubstitutionOfID != nil, r.Substituted)
		c.Instructions[i].Colour = members[i].Colour
		holds = holds || caller.Reader.Own(r.UserID)
		live = live || states[i].Live()
	}
	critical, _ := bookings.Critical(now, pf.StartAt, states) // each row's verdict is in its view
	if pf.DeletedAt != nil {
		critical = false // a cancelled placement needs nobody
	}
	if q.View == ManagerView {
		// The placement group display rule: the card lists and is coloured by what it shows.
		d := status.DisplayGroup(members, false)
		c.Colour = d.Colour
		shown := make([]AgendaInstruction, 0, len(d.Shown))
		for _, i := range d.Shown {
			shown = append(shown, c.Instructions[i])
		}
		c.Instructions = shown
		c.IsCritical = critical
		c.Unassigned = !live && pf.DeletedAt == nil
	} else {
		// A freelancer's card holds their own instructions only, each whatever its state (their
		// Archived tab lists the cancelled ones), coloured by the worst of them.
		for _, m := range members {
			c.Colour = status.Worst(c.Colour, m.Colour)
		}
	}
	c.CanOpen = caller.Reader.SeesBooking(pf.DepartmentID, holds)
	return c
}

func stateOf(v bookings.InstructionView) status.State {
	return status.State{Supplier: status.Status(v.SupplierStatus), Client: status.Status(v.ClientStatus), Deleted: v.DeletedAt != nil}
}

// clock cuts "HH:mm:ss" to "HH:mm" (times are stored as HH:mm, older rows may carry seconds).
func clock(s string) string {
	if len(s) > 5 {
		return s[:5]
	}
	return s
}
