package timesheets

import (
	"time"

	"github.com/hive/hive/internal/platform/auth"
)

// Timesheet is one timesheet as the API sends it: the work (job, placement, date, the
// scheduled and the actual period in local "HH:mm" and as instants), the rate, the pay rules'
// answer, where it stands, its expenses and what the caller may do.
type Timesheet struct {
	ID                    int64      `json:"id"`
	InstructionID         int64      `json:"instructionId"`
	BookingID             int64      `json:"bookingId"`
	PlacementID           int64      `json:"placementId"`
	UserID                int64      `json:"userId"`
	UserName              string     `json:"userName"`
	DepartmentID          int64      `json:"departmentId"`
	DepartmentName        string     `json:"departmentName"`
	ClientEntityID        int64      `json:"clientEntityId"`
	Job                   string     `json:"job"`
	Placement             string     `json:"placement"`
	IR35                  bool       `json:"ir35"`
	Date                  string     `json:"date" doc:"The placement's local date, YYYY-MM-DD"`
	Timezone              string     `json:"timezone"`
	ScheduledStartTime    string     `json:"scheduledStartTime" doc:"HH:mm, local"`
	ScheduledEndTime      string     `json:"scheduledEndTime" doc:"HH:mm, local"`
	ScheduledBreakMinutes int        `json:"scheduledBreakMinutes"`
	StartTime             string     `json:"startTime" doc:"Actual start, HH:mm, local"`
	EndTime               string     `json:"endTime" doc:"Actual end, HH:mm, local (the next day when at or before the start)"`
	Start                 time.Time  `json:"start"`
	End                   time.Time  `json:"end"`
	BreakMinutes          int        `json:"breakMinutes" doc:"Unpaid breaks, minutes"`
	RateMinor             int64      `json:"rateMinor"`
	Currency              string     `json:"currency"`
	RatePeriod            string     `json:"ratePeriod" enum:"hour,day,week,month,year"`
	WorkedMinutes         int        `json:"workedMinutes"`
	OvertimeMinutes       int        `json:"overtimeMinutes"`
	BaseMinor             int64      `json:"baseMinor"`
	OvertimeMinor         int64      `json:"overtimeMinor"`
	AmountMinor           int64      `json:"amountMinor"`
	Status                string     `json:"status" enum:"to_fill,submitted,disputed,approved"`
	Note                  string     `json:"note"`
	DisputeReason         string     `json:"disputeReason"`
	SubmittedAt           *time.Time `json:"submittedAt"`
	ApproveBy             *time.Time `json:"approveBy" doc:"When it is approved automatically unless answered"`
	ApprovedAt            *time.Time `json:"approvedAt"`
	AutoApproved          bool       `json:"autoApproved"`
	DisputedAt            *time.Time `json:"disputedAt"`
	Expenses              []Expense  `json:"expenses"`
	Version               int        `json:"version"`
	Actions               Actions    `json:"actions"`
}

// ViewOf is r as p sees it.
func ViewOf(p *auth.Principal, r Row) Timesheet {
	return Timesheet{ID: r.ID, InstructionID: r.InstructionID, BookingID: r.BookingID, PlacementID: r.PlacementID,
		UserID: r.UserID, UserName: r.UserName, DepartmentID: r.DepartmentID, DepartmentName: r.DepartmentName,
		ClientEntityID: r.ClientEntityID, Job: r.JobTitle, Placement: r.PlacementTitle, IR35: r.IR35, Date: r.LocalDate,
		Timezone: r.Timezone, ScheduledStartTime: LocalTime(r.ScheduledStartAt, r.Timezone),
		ScheduledEndTime: LocalTime(r.ScheduledEndAt, r.Timezone), ScheduledBreakMinutes: r.ScheduledBreakMinutes,
		StartTime: LocalTime(r.StartAt, r.Timezone), EndTime: LocalTime(r.EndAt, r.Timezone), Start: r.StartAt,
		End: r.EndAt, BreakMinutes: r.BreakMinutes, RateMinor: r.RateMinor, Currency: r.Currency,
		RatePeriod: r.RatePeriod, WorkedMinutes: r.WorkedMinutes, OvertimeMinutes: r.OvertimeMinutes,
		BaseMinor: r.BaseMinor, OvertimeMinor: r.OvertimeMinor, AmountMinor: r.AmountMinor, Status: r.Status,
		Note: r.Note, DisputeReason: r.DisputeReason, SubmittedAt: r.SubmittedAt, ApproveBy: r.ApproveBy,
		ApprovedAt: r.ApprovedAt, AutoApproved: r.AutoApproved, DisputedAt: r.DisputedAt, Expenses: orEmpty(r.Expenses),
		Version: r.Version, Actions: ActionsFor(p, r.UserID, r.DepartmentID, r.Status)}
}

// Page is one page of timesheets and how many there are in all.
type Page struct {
	Items []Timesheet `json:"items"`
	Total int         `json:"total"`
}
