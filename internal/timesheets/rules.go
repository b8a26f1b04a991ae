package timesheets

import (
	"errors"
	"time"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
)

// The timesheet operations' messages.
const (
	MsgNotEditable       = "This timesheet is submitted or approved: it can no longer be changed."
	MsgNotSubmittable    = "Only a timesheet to fill or disputed can be submitted."
	MsgNotAnswerable     = "Only a submitted timesheet can be approved or disputed."
	MsgReasonRequired    = "Say why you dispute this timesheet."
	MsgStale             = "This timesheet was changed by someone else. Reload and try again."
	MsgTime              = "Use a time as HH:mm."
	MsgTooLong           = "A timesheet covers at most 24 hours."
	MsgBreaks            = "Unpaid breaks must be between 0 minutes and the time worked."
	MsgExpenseAmount     = "An expense is between 0.01 and 100,000.00."
	MsgCurrency          = "Use a currency of GBP, EUR, USD or AUD."
	MsgExpenseCount      = "A timesheet has at most 20 expenses."
	MsgExpenseNotFound   = "There is no such expense on this timesheet."
	MsgOnlyOwnFreelancer = "Only the freelancer of this timesheet can change or submit it."
	MsgOnlyManagers      = "Only the department's managers can approve or dispute this timesheet."
)

// Currencies are the currencies of rates and expenses (the spec's rate card currencies).
var Currencies = []string{"GBP", "EUR", "USD", "AUD"}

// Bounds of a timesheet's fields.
const (
	maxExpenses      = 20
	maxExpenseMinor  = 10_000_000
	maxNoteLength    = 2000
	maxReasonLength  = 1000
	maxPeriodMinutes = 24 * 60
)

// Actions are what the caller may do to a timesheet now; the web shows only these buttons.
type Actions struct {
	CanEdit    bool `json:"canEdit"`
	CanSubmit  bool `json:"canSubmit"`
	CanApprove bool `json:"canApprove"`
	CanDispute bool `json:"canDispute"`
}

// Editable is whether a timesheet in status may still be corrected and submitted by its freelancer.
func Editable(status string) bool { return status == StatusToFill || status == StatusDisputed }

// Own is whether p is the timesheet's freelancer.
func Own(p *auth.Principal, user int64) bool { return p != nil && p.UserID == user }

// CanSee is who may read a timesheet: its freelancer and whoever sees its department (its
// client's and department's managers and staff, administrators).
func CanSee(p *auth.Principal, user, department int64) bool {
	return p != nil && (Own(p, user) || access.CanViewDepartment(p, department))
}

// CanAnswer is who may approve or dispute: the managers of its department (its client's managers
// and administrators included, as the needs model expands them), never its own freelancer.
func CanAnswer(p *auth.Principal, user, department int64) bool {
	return p != nil && !Own(p, user) && access.CanManageDepartment(p, department)
}

// ActionsFor are p's actions on a timesheet of user and department in status.
func ActionsFor(p *auth.Principal, user, department int64, status string) Actions {
	own := Own(p, user)
	answer := CanAnswer(p, user, department) && status == StatusSubmitted
	return Actions{CanEdit: own && Editable(status), CanSubmit: own && Editable(status), CanApprove: answer,
		CanDispute: answer}
}

// RequireOwn refuses anyone but the timesheet's freelancer: 404 to who may not see it, 403 to
// who sees it.
func RequireOwn(p *auth.Principal, user, department int64) error {
	if !CanSee(p, user, department) {
		return apperror.NotFound("Timesheet")
	}
	if !Own(p, user) {
		return apperror.New(apperror.KindForbidden, apperror.CodeAccessDenied, MsgOnlyOwnFreelancer)
	}
	return nil
}

// RequireAnswerer refuses anyone but the department's managers, as RequireOwn does.
func RequireAnswerer(p *auth.Principal, user, department int64) error {
	if !CanSee(p, user, department) {
		return apperror.NotFound("Timesheet")
	}
	if !CanAnswer(p, user, department) {
		return apperror.New(apperror.KindForbidden, apperror.CodeAccessDenied, MsgOnlyManagers)
	}
	return nil
}

// Period resolves a local start and end time ("HH:mm") on date in zone to instants: an end at
// or before the start is on the next day (an overnight placement). The instants are real, so
// a period across a clock change lasts what it lasted.
func Period(date, zone, start, end string) (time.Time, time.Time, error) {
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC
	}
	var v apperror.Invalid
	s, serr := time.ParseInLocation("2006-01-02 15:04", date+" "+start, loc)
	if serr != nil {
		v.Add("startTime", MsgTime)
	}
	e, eerr := time.ParseInLocation("2006-01-02 15:04", date+" "+end, loc)
	if eerr != nil {
		v.Add("endTime", MsgTime)
	}
	if err := v.Err(); err != nil {
		return time.Time{}, time.Time{}, err
	}
	if !e.After(s) {
		d, _ := time.Parse(time.DateOnly, date)
		e, _ = time.ParseInLocation("2006-01-02 15:04", d.AddDate(0, 0, 1).Format(time.DateOnly)+" "+end, loc)
	}
	if e.Sub(s) > maxPeriodMinutes*time.Minute {
		return time.Time{}, time.Time{}, apperror.Field("endTime", MsgTooLong)
	}
	return s.UTC(), e.UTC(), nil
}

// LocalTime is t's clock time "HH:mm" in zone.
func LocalTime(t time.Time, zone string) string {
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC
	}
	return t.In(loc).Format("15:04")
}

// lostRace reports a refusal that means another transaction changed the row first.
func lostRace(err error) bool {
	var ae *apperror.Error
	return errors.As(err, &ae) && ae.Kind == apperror.KindConflict
}
