package bookings

// The API's views of a booking, built by pure functions from the store's rows.

import (
	"strings"
	"time"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/auth"
)

// assemble builds the API view. Buy rates go to administrators only.
func assemble(b BookingRow, ps []PlacementRow, is []InstructionRow, modified map[int64][]time.Time, p *auth.Principal, now time.Time) BookingView {
	v := BookingView{ID: b.ID, JobTemplateID: b.JobTemplateID, JobTemplateName: b.JobTemplateName, DepartmentID: b.DepartmentID,
		Department: BookingDepartment{ID: b.DepartmentID, Name: b.DepartmentName, Timezone: b.Timezone, CancelWindowDays: b.CancelWindowDays},
		ClientID:   b.ClientID, ClientName: b.ClientName, Title: b.Title, Reference: b.Reference, IR35: b.IR35, Type: b.Type,
		Direct: b.Direct, SubstitutionAllowed: b.SubstitutionAllowed, PeriodType: b.PeriodType, Version: b.Version,
		CanManage: access.CanManageDepartment(p, b.DepartmentID), Dates: []string{}, Placements: []PlacementView{}}
	byPlacement := map[int64][]InstructionView{}
	places := map[int64]InstructionPlace{}
	for _, pr := range ps {
		places[pr.ID] = placeOf(b, pr)
	}
	for _, r := range is {
		byPlacement[r.PlacementID] = append(byPlacement[r.PlacementID], InstructionViewOf(p, r, places[r.PlacementID], now))
	}
	for _, pr := range ps {
		if pr.DeletedAt == nil && (len(v.Dates) == 0 || v.Dates[len(v.Dates)-1] != pr.LocalDate) {
			v.Dates = appendUnique(v.Dates, pr.LocalDate)
		}
		pv := PlacementView{ID: pr.ID, BookingID: pr.BookingID, PlacementTemplateID: pr.PlacementTemplateID, Title: pr.Title,
			Date: pr.LocalDate, Period: []string{WireTime(pr.StartAt.UTC()), WireTime(pr.EndAt.UTC())},
			LocalPeriod: LocalPeriod{Start: localTime(pr.StartAt, pr.Timezone), End: localTime(pr.EndAt, pr.Timezone)},
			Timezone:    pr.Timezone, Overnight: pr.Overnight, Reference: pr.Reference, UnpaidBreaks: pr.UnpaidBreaks,
			SupplierNotes: pr.SupplierNotes, StartTime: pr.StartTime[:5], EndTime: pr.EndTime[:5], Revision: pr.Version,
			Version: []string{}, DeletedAt: OptionalTime(pr.DeletedAt), CancellationReason: pr.CancellationReason,
			Instructions: byPlacement[pr.ID]}
		if pv.Instructions == nil {
			pv.Instructions = []InstructionView{}
		}
		for _, at := range modified[pr.ID] {
			pv.Version = append(pv.Version, WireTime(at.UTC()))
		}
		v.Placements = append(v.Placements, pv)
	}
	if len(v.Dates) > 0 {
		v.StartDate, v.EndDate = v.Dates[0], v.Dates[len(v.Dates)-1]
	}
	return v
}

func appendUnique(dates []string, d string) []string {
	for _, x := range dates {
		if x == d {
			return dates
		}
	}
	return append(dates, d)
}

// InstructionPlace is what an instruction's view reads of its placement and booking.
type InstructionPlace struct {
	PlacementID         int64
	StartAt, EndAt      time.Time
	Overnight           bool
	PlacementDeletedAt  *time.Time
	DepartmentID        int64
	SubstitutionAllowed bool
	ClientName          string
	DepartmentName      string
}

func placeOf(b BookingRow, pr PlacementRow) InstructionPlace {
	return InstructionPlace{PlacementID: pr.ID, StartAt: pr.StartAt, EndAt: pr.EndAt, Overnight: pr.Overnight,
		PlacementDeletedAt: pr.DeletedAt, DepartmentID: b.DepartmentID, SubstitutionAllowed: b.SubstitutionAllowed,
		ClientName: b.ClientName, DepartmentName: b.DepartmentName}
}

// substitution is the place as the substitution rules read it.
func (at InstructionPlace) substitution() SubstitutionPlacement {
	return SubstitutionPlacement{ID: at.PlacementID, StartAt: at.StartAt, EndAt: at.EndAt, DeletedAt: at.PlacementDeletedAt,
		DepartmentID: at.DepartmentID, SubstitutionAllowed: at.SubstitutionAllowed}
}

// InstructionViewOf is an instruction as every view sends it to p (bookings, agenda): what p
// may do to it (InstructionActions), whether it is critical, the buy rate for administrators
// only, and its legal entity and notes for its parties only: a manager of the department and
// the instruction's own freelancer (ActorFor's rule), not a read-only viewer.
func InstructionViewOf(p *auth.Principal, r InstructionRow, at InstructionPlace, now time.Time) InstructionView {
	name := strings.TrimSpace(r.FirstName + " " + r.LastName)
	buy, sell := r.Rates()
	iv := InstructionView{ID: r.ID, PlacementID: r.PlacementID, BookingID: r.BookingID, UserID: r.UserID,
		User:     InstructionUser{ID: r.UserID, FullName: name, FirstName: r.FirstName, LastName: r.LastName, Email: r.Email},
		FullName: name, SupplierStatus: r.SupplierStatus, ClientStatus: r.ClientStatus,
		PreviousSupplierStatus: r.PreviousSupplier, PreviousClientStatus: r.PreviousClient, SubstitutionOfID: r.SubstitutionOfID,
		CreatedAt: WireTime(r.CreatedAt.UTC()), Version: r.Version, CancellationReason: r.CancellationReason,
		SellRate: sell, Direct: r.Direct,
		ClientName: at.ClientName, DepartmentName: at.DepartmentName, DeletedAt: OptionalTime(r.DeletedAt),
		Overnight: at.Overnight, IsFuture: at.StartAt.After(now), IsCritical: InstructionCritical(now, at.StartAt, r.State()),
		SupplierID: r.SupplierID, AnswerBy: OptionalTime(r.AnswerBy), InstructionActions: actionsOn(p, at.substitution(), r),
		HoldFacts: HoldFactsOf(r)}
	if r.ModifiedBy != nil {
		iv.HiveUser = &InstructionModifier{FullName: strings.TrimSpace(r.ModifiedByName), Modifier: *r.ModifiedBy}
	}
	if p.CanAdmin {
		iv.BuyRate = &buy
	}
	if _, err := ActorFor(p, IncumbentTarget(at.substitution(), r)); err == nil {
		iv.LegalEntityID, iv.Notes, iv.ChangeToAcknowledge = r.LegalEntityID, r.Notes, r.Change.Change
	}
	return iv
}

// BookingDepartment names the booking's department.
type BookingDepartment struct {
	ID               int64  `json:"id"`
	Name             string `json:"name"`
	Timezone         string `json:"timezone"`
	CancelWindowDays int    `json:"cancelWindowDays"`
}

// BookingView is a booking with its placements (GET /booking/{id}).
type BookingView struct {
	ID                  int64             `json:"id"`
	JobTemplateID       *int64            `json:"jobTemplateId"`
	JobTemplateName     string            `json:"jobTemplateName" doc:"The job template's title, for every viewer of the booking (a freelancer may not read the template itself); empty without a template"`
	DepartmentID        int64             `json:"departmentId"`
	Department          BookingDepartment `json:"department"`
	ClientID            int64             `json:"clientId"`
	ClientName          string            `json:"clientName"`
	Title               string            `json:"title"`
	Reference           string            `json:"reference"`
	IR35                bool              `json:"ir35"`
	Type                string            `json:"type"`
	Direct              bool              `json:"direct"`
	SubstitutionAllowed bool              `json:"substitutionAllowed"`
	PeriodType          string            `json:"periodType"`
	StartDate           string            `json:"startDate"`
	EndDate             string            `json:"endDate"`
	Dates               []string          `json:"dates"`
	Version             int               `json:"version"`
	CanManage           bool              `json:"canManage" doc:"The caller may manage this booking"`
	Placements          []PlacementView   `json:"placements"`
}

// LocalPeriod is a placement's period in its zone, with the offset.
type LocalPeriod struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

// PlacementView is one dated placement.
type PlacementView struct {
	ID                  int64             `json:"id"`
	BookingID           int64             `json:"bookingId"`
	PlacementTemplateID *int64            `json:"placementTemplateId"`
	Title               string            `json:"title"`
	Date                string            `json:"date"`
	Period              []string          `json:"period" doc:"[start, end] in UTC"`
	LocalPeriod         LocalPeriod       `json:"localPeriod"`
	Timezone            string            `json:"timezone"`
	Overnight           bool              `json:"overnight"`
	Reference           string            `json:"reference"`
	UnpaidBreaks        int               `json:"unpaidBreaks" doc:"Minutes"`
	SupplierNotes       string            `json:"supplierNotes"`
	StartTime           string            `json:"startTime"`
	EndTime             string            `json:"endTime"`
	Revision            int               `json:"revision" doc:"The row version PATCH takes"`
	Version             []string          `json:"version" doc:"Modified timestamps, newest first"`
	DeletedAt           *string           `json:"deletedAt"`
	CancellationReason  string            `json:"cancellationReason"`
	Instructions        []InstructionView `json:"instructions"`
}

// InstructionUser names an instruction's freelancer.
type InstructionUser struct {
	ID        int64  `json:"id"`
	FullName  string `json:"fullName"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
}

// InstructionView is one instruction. BuyRate is sent to administrators only.
type InstructionView struct {
	ID                     int64                `json:"id"`
	PlacementID            int64                `json:"placementId"`
	BookingID              int64                `json:"bookingId"`
	UserID                 int64                `json:"userId"`
	User                   InstructionUser      `json:"user"`
	FullName               string               `json:"fullName"`
	SupplierStatus         string               `json:"supplierStatus"`
	ClientStatus           string               `json:"clientStatus"`
	PreviousSupplierStatus *string              `json:"previousSupplierStatus"`
	PreviousClientStatus   *string              `json:"previousClientStatus"`
	SubstitutionOfID       *int64               `json:"substitutionOfId"`
	CreatedAt              string               `json:"createdAt"`
	Version                int                  `json:"version"`
	CancellationReason     string               `json:"cancellationReason"`
	BuyRate                *Rate                `json:"buyRate,omitempty"`
	SellRate               Rate                 `json:"sellRate"`
	Direct                 bool                 `json:"direct"`
	Overnight              bool                 `json:"overnight"`
	IsFuture               bool                 `json:"isFuture"`
	ClientName             string               `json:"clientName"`
	DepartmentName         string               `json:"departmentName"`
	DeletedAt              *string              `json:"deletedAt"`
	IsCritical             bool                 `json:"isCritical" doc:"Its placement starts within 48 hours and it still awaits a response on either side"`
	SupplierID             *int64               `json:"supplierId" doc:"The supplier entity the freelancer works through, fixed when instructed; null when they had none"`
	LegalEntityID          *int64               `json:"legalEntityId" doc:"That supplier's preferred legal entity when instructed; null for anyone but a manager of the department and the freelancer"`
	Notes                  string               `json:"notes" doc:"Empty for anyone but a manager of the department and the freelancer"`
	HiveUser               *InstructionModifier `json:"hiveUser,omitempty" doc:"Who changed it last; absent when nobody (or the system) did"`
	AnswerBy               *string              `json:"answerBy" doc:"When the freelancer must answer by; unanswered then, the offer is cancelled ('Offer expired'). Null when there is no such time"`
	ChangeToAcknowledge    *ChangeToAcknowledge `json:"changeToAcknowledge,omitempty" doc:"A change to the placement after the freelancer accepted that they have not acknowledged yet; absent when there is none, and for anyone but a manager of the department and the freelancer"`
	InstructionActions
	HoldFacts
}

// InstructionModifier names the user who changed an instruction last.
type InstructionModifier struct {
	FullName string `json:"fullName"`
	Modifier int64  `json:"modifier" doc:"The user's id"`
}

func OptionalTime(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := WireTime(t.UTC())
	return &s
}

// PlacementDisplay applies the placement group display rule (status.DisplayGroup) to all the
// instructions of one placement as a manager sees them; an instruction counts as substituted
// when a live instruction of the list names it as the one it substitutes.
func PlacementDisplay(is []InstructionRow) status.GroupDisplay {
	replacedBy := map[int64]bool{}
	for _, i := range is {
		if i.SubstitutionOfID != nil && i.State().Live() {
			replacedBy[*i.SubstitutionOfID] = true
		}
	}
	members := make([]status.GroupMember, len(is))
	for n, i := range is {
		members[n] = status.MemberOf(i.State(), i.SubstitutionOfID != nil, replacedBy[i.ID])
	}
	return status.DisplayGroup(members, false)
}
