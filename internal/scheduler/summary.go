package scheduler

import (
	"fmt"
	"time"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/input"
)

// MaxSummaryDays bounds the summary's range: a month view shows at most about two months
// (six weeks and the days around them), and the cost grows with the range.
const MaxSummaryDays = 62

// Messages of the summary's range checks.
const (
	MsgDate      = "Dates must be YYYY-MM-DD"
	MsgDateOrder = "The end date must not be before the start date"
)

// MsgRangeTooLong refuses a range of more than MaxSummaryDays days.
var MsgRangeTooLong = fmt.Sprintf("Choose at most %d days", MaxSummaryDays)

// BookingSummaryCounts counts a group's listed instructions by combined colour.
type BookingSummaryCounts struct {
	Green  int `json:"green"`
	Purple int `json:"purple"`
	Orange int `json:"orange"`
	Red    int `json:"red"`
	Gray   int `json:"gray"`
}

func (c *BookingSummaryCounts) add(colour status.Colour, n int) {
	switch colour {
	case status.Green:
		c.Green += n
	case status.Purple:
		c.Purple += n
	case status.Orange:
		c.Orange += n
	case status.Red:
		c.Red += n
	default:
		c.Gray += n
	}
}

// BookingSummaryInstruction is one instruction a placement group lists.
type BookingSummaryInstruction struct {
	ID               int64  `json:"id"`
	PlacementID      int64  `json:"placementId"`
	UserID           int64  `json:"userId"`
	FullName         string `json:"fullName"`
	SupplierStatus   string `json:"supplierStatus"`
	ClientStatus     string `json:"clientStatus"`
	Colour           string `json:"colour" enum:"red,orange,purple,green,gray"`
	SubstitutionOfID *int64 `json:"substitutionOfId"`
	Substituted      bool   `json:"substituted" doc:"Another instruction replaces this one (show it struck through)"`
}

// BookingSummaryGroup is a placement group: the placements of one booking on one local date
// with the same title and times.
type BookingSummaryGroup struct {
	BookingID        int64                `json:"bookingId"`
	BookingTitle     string               `json:"bookingTitle"`
	ClientName       string               `json:"clientName"`
	DepartmentID     int64                `json:"departmentId"`
	DepartmentName   string               `json:"departmentName"`
	CancelWindowDays int                  `json:"cancelWindowDays"`
	PlacementTitle   string               `json:"placementTitle"`
	StartTime        string               `json:"startTime" doc:"HH:mm, local"`
	EndTime          string               `json:"endTime" doc:"HH:mm, local"`
	Overnight        bool                 `json:"overnight"`
	Deleted          bool                 `json:"deleted" doc:"The group's placements are cancelled (only with includeDeleted)"`
	Colour           string               `json:"colour" enum:"red,orange,purple,green,gray" doc:"The worst colour of its instructions; gray without any"`
	PlacementIDs     []int64              `json:"placementIds"`
	Counts           BookingSummaryCounts `json:"counts" doc:"The listed instructions by colour"`
	// Instructions is a pointer so overviewOnly can leave the list out while an empty list is [].
	Instructions *[]BookingSummaryInstruction `json:"instructions,omitempty" doc:"Absent with overviewOnly"`
}

// BookingSummaryDay is one local date of the range with its placement groups.
type BookingSummaryDay struct {
	Date   string                `json:"date"`
	Groups []BookingSummaryGroup `json:"groups" doc:"In order: start time, booking title, booking, placement title, end time; the first groupsPerDay when given"`
	// The counts cover every group of the day the viewer sees, also those groupsPerDay leaves out.
	GroupCount     int `json:"groupCount" doc:"The day's groups, listed or not"`
	PlacementCount int `json:"placementCount" doc:"The placements of the day's groups, listed or not"`
}

// BookingChangeRow is one instruction row of the grid page.
type BookingChangeRow struct {
	InstructionID      int64                `json:"instructionId"`
	PlacementID        int64                `json:"placementId"`
	BookingID          int64                `json:"bookingId"`
	BookingTitle       string               `json:"bookingTitle"`
	ClientName         string               `json:"clientName"`
	DepartmentName     string               `json:"departmentName"`
	PlacementTitle     string               `json:"placementTitle"`
	Date               string               `json:"date"`
	Period             []string             `json:"period" doc:"[start, end] in UTC"`
	LocalPeriod        bookings.LocalPeriod `json:"localPeriod"`
	Timezone           string               `json:"timezone"`
	FullName           string               `json:"fullName"`
	UserID             int64                `json:"userId"`
	SupplierStatus     string               `json:"supplierStatus"`
	ClientStatus       string               `json:"clientStatus"`
	Colour             string               `json:"colour" enum:"red,orange,purple,green,gray"`
	CancellationReason string               `json:"cancellationReason"`
	ModifiedAt         string               `json:"modifiedAt"`
	CancelledAt        *string              `json:"cancelledAt" doc:"The instruction's latest change, when either side is cancelled"`
	LateCancellation   bool                 `json:"lateCancellation" doc:"Cancelled after the placement start minus the department's cancel window"`
	BuyRate            *jobs.Rate           `json:"buyRate,omitempty" doc:"Administrators only"`
	SellRate           jobs.Rate            `json:"sellRate"`
	bookings.HoldFacts
}

// BookingSummary answers GET /booking/summary: days when grouped, otherwise a page of rows.
type BookingSummary struct {
	Days  []BookingSummaryDay `json:"days,omitempty" doc:"grouped=true: every date of the range, in order"`
	Items *[]BookingChangeRow `json:"items,omitempty" doc:"grouped=false: the page's instruction rows"`
	Total *int                `json:"total,omitempty" doc:"grouped=false: rows matching, over all pages"`
}

// summaryDates checks the range and lists its dates.
func summaryDates(start, end string) ([]string, error) {
	from, err1 := time.Parse(time.DateOnly, start)
	to, err2 := time.Parse(time.DateOnly, end)
	switch {
	case err1 != nil:
		return nil, queryField("startDate", MsgDate)
	case err2 != nil:
		return nil, queryField("endDate", MsgDate)
	case to.Before(from):
		return nil, queryField("endDate", MsgDateOrder)
	case to.Sub(from) > MaxSummaryDays*24*time.Hour:
		return nil, queryField("endDate", MsgRangeTooLong)
	}
	var dates []string
	for d := from; !d.After(to); d = d.AddDate(0, 0, 1) {
		dates = append(dates, d.Format(time.DateOnly))
	}
	return dates, nil
}

// everyDate is the range of every date Hive takes (input.FirstYear to input.LastYear): the
// grid's range when it asks for the recent changes rather than a month's.
func everyDate() (start, end string) {
	return fmt.Sprintf("%04d-01-01", input.FirstYear), fmt.Sprintf("%04d-12-31", input.LastYear)
}

// queryField is a validation error located on a query parameter.
func queryField(name, msg string) error {
	return &apperror.Error{Kind: apperror.KindInvalid, Code: apperror.CodeValidation, Message: msg,
		Fields: []apperror.FieldError{{Loc: []string{"query", name}, Msg: msg, Type: "value_error"}}}
}

// clock cuts stored "HH:mm:ss" times to the wire's "HH:mm".
func clock(s string) string { return s[:min(5, len(s))] }

// changeRow turns a grid row as read into its wire shape; buy rates go to administrators only.
func changeRow(r summaryChange, admin bool) BookingChangeRow {
	st := r.State()
	out := BookingChangeRow{InstructionID: r.ID, PlacementID: r.PlacementID, BookingID: r.BookingID,
		BookingTitle: r.BookingTitle, ClientName: r.ClientName, DepartmentName: r.DepartmentName,
		PlacementTitle: r.PlacementTitle, Date: r.LocalDate,
		Period:      []string{bookings.WireTime(r.StartAt.UTC()), bookings.WireTime(r.EndAt.UTC())},
		LocalPeriod: bookings.LocalPeriod{Start: bookings.LocalTime(r.StartAt, r.Timezone), End: bookings.LocalTime(r.EndAt, r.Timezone)},
		Timezone:    r.Timezone, FullName: r.FirstName + " " + r.LastName, UserID: r.UserID,
		SupplierStatus: r.SupplierStatus, ClientStatus: r.ClientStatus, Colour: string(status.ColourOf(st)),
		CancellationReason: r.CancellationReason, ModifiedAt: bookings.WireTime(r.UpdatedAt.UTC()),
		SellRate: jobs.RateOf(r.SellMinor, r.SellCurrency, r.SellPeriod), HoldFacts: bookings.HoldFactsOf(r.InstructionRow)}
	if st.Cancelled() {
		at := bookings.WireTime(r.UpdatedAt.UTC())
		out.CancelledAt = &at
		out.LateCancellation = status.LateCancellation(r.UpdatedAt, r.StartAt, r.Timezone, r.CancelWindowDays)
	}
	if admin {
		buy := jobs.RateOf(r.BuyMinor, r.BuyCurrency, r.BuyPeriod)
		out.BuyRate = &buy
	}
	return out
}
