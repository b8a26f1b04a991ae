package bookings

import (
	"time"

	"github.com/hive/hive/internal/jobs"
)

// Rate is the API's one rate shape.
type Rate = jobs.Rate

// CreateInput is the createBooking payload.
type CreateInput struct {
	JobTemplateID        int64    `json:"jobTemplateId" minimum:"1"`
	Title                string   `json:"title,omitempty" maxLength:"200" doc:"Defaults to the job template's title"`
	Reference            string   `json:"reference,omitempty" maxLength:"100"`
	IR35                 bool     `json:"ir35,omitempty"`
	Type                 string   `json:"type,omitempty" enum:"default,pre_confirmed" default:"default"`
	Direct               bool     `json:"direct,omitempty"`
	SubstitutionAllowed  bool     `json:"substitutionAllowed,omitempty"`
	PeriodType           string   `json:"periodType,omitempty" enum:"range,custom" default:"custom"`
	Dates                []string `json:"dates" minItems:"1" maxItems:"366" doc:"Local dates YYYY-MM-DD"`
	PlacementTemplateIDs []int64  `json:"placementTemplateIds,omitempty" doc:"Default: every placement template of the job template"`
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
	ID                     int64           `json:"id"`
	PlacementID            int64           `json:"placementId"`
	BookingID              int64           `json:"bookingId"`
	UserID                 int64           `json:"userId"`
	User                   InstructionUser `json:"user"`
	FullName               string          `json:"fullName"`
	SupplierStatus         string          `json:"supplierStatus"`
	ClientStatus           string          `json:"clientStatus"`
	PreviousSupplierStatus *string         `json:"previousSupplierStatus"`
	PreviousClientStatus   *string         `json:"previousClientStatus"`
	SubstitutionOfID       *int64          `json:"substitutionOfId"`
	CreatedAt              string          `json:"createdAt"`
	Version                int             `json:"version"`
	CancellationReason     string          `json:"cancellationReason"`
	BuyRate                *Rate           `json:"buyRate,omitempty"`
	SellRate               Rate            `json:"sellRate"`
	Direct                 bool            `json:"direct"`
	Overnight              bool            `json:"overnight"`
	IsFuture               bool            `json:"isFuture"`
	ClientName             string          `json:"clientName"`
	DepartmentName         string          `json:"departmentName"`
	DeletedAt              *string         `json:"deletedAt"`
}

func optionalTime(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := wireTime(t.UTC())
	return &s
}
