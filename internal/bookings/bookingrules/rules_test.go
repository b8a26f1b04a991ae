package bookingrules

import (
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings/worktime"
	"github.com/hive/hive/internal/platform/apperror"
)

func TestDefaultsAreTheUKsAndValid(t *testing.T) {
	if Defaults.Limits() != worktime.UK {
		t.Errorf("defaults' limits %+v, want the UK's %+v", Defaults.Limits(), worktime.UK)
	}
	if Defaults.ChangeReminder() != 2*time.Hour || Defaults.ChangeEscalation() != 12*time.Hour {
		t.Errorf("change reminder %v, escalation %v", Defaults.ChangeReminder(), Defaults.ChangeEscalation())
	}
	if Defaults.HoldChallenge() != 24*time.Hour || Defaults.AnswerReminder() != 2*time.Hour {
		t.Errorf("challenge %v, reminder %v", Defaults.HoldChallenge(), Defaults.AnswerReminder())
	}
	if err := Defaults.Validate(); err != nil {
		t.Error(err)
	}
}

func TestValidateNamesEachFieldOutOfBounds(t *testing.T) {
	for _, c := range []struct {
		name  string
		edit  func(*Rules)
		field string
		msg   string
	}{
		{"negative rest", func(r *Rules) { r.DailyRestMinutes = -1 }, "dailyRestMinutes", MsgDailyRest},
		{"rest over a day", func(r *Rules) { r.DailyRestMinutes = 24*60 + 1 }, "dailyRestMinutes", MsgDailyRest},
		{"no days", func(r *Rules) { r.MaxDaysInRow = 0 }, "maxDaysInRow", MsgDaysInRow},
		{"two weeks", func(r *Rules) { r.MaxDaysInRow = 14 }, "maxDaysInRow", MsgDaysInRow},
		{"weekly rest over a week", func(r *Rules) { r.WeeklyRestMinutes = 7*24*60 + 1 }, "weeklyRestMinutes", MsgWeeklyRest},
		{"challenge under an hour", func(r *Rules) { r.HoldChallengeMinutes = 59 }, "holdChallengeMinutes", MsgHoldChallenge},
		{"negative reminder", func(r *Rules) { r.AnswerReminderMinutes = -5 }, "answerReminderMinutes", MsgAnswerReminder},
		{"a change reminded over a week on", func(r *Rules) { r.ChangeReminderMinutes, r.ChangeEscalationMinutes = 7*24*60+1, 14*24*60 }, "changeReminderMinutes", MsgChangeReminder},
		{"negative change reminder", func(r *Rules) { r.ChangeReminderMinutes = -1 }, "changeReminderMinutes", MsgChangeReminder},
		{"managers told before the reminder", func(r *Rules) { r.ChangeEscalationMinutes = 60 }, "changeEscalationMinutes", MsgChangeEscalation},
		{"managers told over two weeks on", func(r *Rules) { r.ChangeEscalationMinutes = 14*24*60 + 1 }, "changeEscalationMinutes", MsgChangeEscalation},
	} {
		r := Defaults
		c.edit(&r)
		e := apperror.As(r.Validate())
		if e == nil || len(e.Fields) != 1 || e.Fields[0].Loc[1] != c.field || e.Fields[0].Msg != c.msg {
			t.Errorf("%s: %+v", c.name, e)
		}
	}
	edge := Rules{DailyRestMinutes: 0, MaxDaysInRow: 13, WeeklyRestMinutes: 7 * 24 * 60, HoldChallengeMinutes: 60,
		AnswerReminderMinutes: 0}
	if err := edge.Validate(); err != nil {
		t.Errorf("the bounds themselves: %v", err)
	}
}
