// Package bookingrules is an entity's own booking rules: the working-time guard's
// limits, and the times the holds' challenges and the answer-by reminders read. An entity
// without a row of its own has the defaults (Defaults: the UK's Working Time Regulations, 24 h
// to answer a challenge, a reminder 2 h before an answer is due). For reads every caller goes
// through For (or ForBooking in bookings), so one rule decides what an entity's limits are.
package bookingrules

import (
	"time"

	"github.com/hive/hive/internal/bookings/worktime"
	"github.com/hive/hive/internal/platform/apperror"
)

// Rules are one entity's booking rules, in minutes and days as they are stored and sent.
type Rules struct {
	DailyRestMinutes      int `json:"dailyRestMinutes" db:"daily_rest_minutes" doc:"Rest between two placements, 0..1440"`
	MaxDaysInRow          int `json:"maxDaysInRow" db:"max_days_in_row" doc:"Days worked in a row at most without the weekly rest, 1..13"`
	WeeklyRestMinutes     int `json:"weeklyRestMinutes" db:"weekly_rest_minutes" doc:"The break that ends a run of working days, 0..10080"`
	HoldChallengeMinutes  int `json:"holdChallengeMinutes" db:"hold_challenge_minutes" doc:"Time a challenged hold has to confirm or release, 60..10080"`
	AnswerReminderMinutes int `json:"answerReminderMinutes" db:"answer_reminder_minutes" doc:"Reminder this long before an offer's answer-by, 0..10080"`
	// The times a change to an accepted placement may wait for its freelancer's acknowledgement:
	// then they are reminded, and later the booking's managers are told.
	ChangeReminderMinutes   int `json:"changeReminderMinutes,omitempty" db:"change_reminder_minutes" doc:"Remind the freelancer of a change not acknowledged after this long, 1..10080 (absent or 0: 120)"`
	ChangeEscalationMinutes int `json:"changeEscalationMinutes,omitempty" db:"change_escalation_minutes" doc:"Tell the managers of a change still not acknowledged after this long, not before the reminder, up to 20160 (absent or 0: 720)"`
}

// Defaults are the rules of an entity that has none of its own.
var Defaults = Rules{
	DailyRestMinutes:        int(worktime.UK.DailyRest / time.Minute),
	MaxDaysInRow:            worktime.UK.MaxDaysInRow,
	WeeklyRestMinutes:       int(worktime.UK.WeeklyRest / time.Minute),
	HoldChallengeMinutes:    24 * 60,
	AnswerReminderMinutes:   2 * 60,
	ChangeReminderMinutes:   2 * 60,
	ChangeEscalationMinutes: 12 * 60,
}

// The bounds of the rules: rests of at most a day (daily) and a week (weekly); a run of days of
// at most two weeks less a day, so a week's rest can still end it; a challenge of an hour to a
// week, so the challenged holder has time to answer and the challenger gets an answer.
const (
	maxDailyRest      = 24 * 60
	maxWeekMinutes    = 7 * 24 * 60
	minDaysInRow      = 1
	maxDaysInRow      = 13
	minHoldChallenge  = 60
	minAnswerReminder = 0
	minChangeWait     = 1
	maxChangeWait     = 14 * 24 * 60
)

// The rules' messages.
const (
	MsgDailyRest        = "The rest between placements must be between 0 and 24 hours"
	MsgDaysInRow        = "The days in a row must be between 1 and 13"
	MsgWeeklyRest       = "The weekly rest must be between 0 and 7 days"
	MsgHoldChallenge    = "The time to answer a challenge must be between 1 hour and 7 days"
	MsgAnswerReminder   = "The reminder must be between 0 and 7 days before the answer is due"
	MsgChangeReminder   = "The reminder of a change must come between 1 minute and 7 days after it"
	MsgChangeEscalation = "The managers must be told of a change after its reminder, and within 14 days"
	MsgStale            = "These booking rules were changed by someone else. Reload and try again."
)

// Validate refuses rules out of their bounds, each field with its own message.
func (r Rules) Validate() error {
	r = r.withDefaults() // 0 (absent) is the default time of a change's reminder and escalation
	var v apperror.Invalid
	check := func(ok bool, field, msg string) {
		if !ok {
			v.Add(field, msg)
		}
	}
	check(r.DailyRestMinutes >= 0 && r.DailyRestMinutes <= maxDailyRest, "dailyRestMinutes", MsgDailyRest)
	check(r.MaxDaysInRow >= minDaysInRow && r.MaxDaysInRow <= maxDaysInRow, "maxDaysInRow", MsgDaysInRow)
	check(r.WeeklyRestMinutes >= 0 && r.WeeklyRestMinutes <= maxWeekMinutes, "weeklyRestMinutes", MsgWeeklyRest)
	check(r.HoldChallengeMinutes >= minHoldChallenge && r.HoldChallengeMinutes <= maxWeekMinutes,
		"holdChallengeMinutes", MsgHoldChallenge)
	check(r.AnswerReminderMinutes >= minAnswerReminder && r.AnswerReminderMinutes <= maxWeekMinutes,
		"answerReminderMinutes", MsgAnswerReminder)
	check(r.ChangeReminderMinutes >= minChangeWait && r.ChangeReminderMinutes <= maxWeekMinutes,
		"changeReminderMinutes", MsgChangeReminder)
	check(r.ChangeEscalationMinutes >= r.ChangeReminderMinutes && r.ChangeEscalationMinutes <= maxChangeWait,
		"changeEscalationMinutes", MsgChangeEscalation)
	return v.Err()
}

// withDefaults gives the times r leaves unset (0) their defaults.
func (r Rules) withDefaults() Rules {
	if r.ChangeReminderMinutes == 0 {
		r.ChangeReminderMinutes = Defaults.ChangeReminderMinutes
	}
	if r.ChangeEscalationMinutes == 0 {
		r.ChangeEscalationMinutes = Defaults.ChangeEscalationMinutes
	}
	return r
}

// Limits are the working-time guard's limits of these rules.
func (r Rules) Limits() worktime.Limits {
	return worktime.Limits{DailyRest: minutes(r.DailyRestMinutes), MaxDaysInRow: r.MaxDaysInRow,
		WeeklyRest: minutes(r.WeeklyRestMinutes)}
}

// HoldChallenge is how long a challenged hold has to be confirmed or released.
func (r Rules) HoldChallenge() time.Duration { return minutes(r.HoldChallengeMinutes) }

// AnswerReminder is how long before an offer's answer-by its freelancer is reminded.
func (r Rules) AnswerReminder() time.Duration { return minutes(r.AnswerReminderMinutes) }

// ChangeReminder is how long a change waits for its acknowledgement before its freelancer is reminded.
func (r Rules) ChangeReminder() time.Duration { return minutes(r.ChangeReminderMinutes) }

// ChangeEscalation is how long a change waits for its acknowledgement before the managers are told.
func (r Rules) ChangeEscalation() time.Duration { return minutes(r.ChangeEscalationMinutes) }

func minutes(n int) time.Duration { return time.Duration(n) * time.Minute }
