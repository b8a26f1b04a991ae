// Package create makes a booking from a job template: one placement per date per chosen
// placement template, in the department's zone, audited with its event, and made once per
// Idempotency-Key, so a resend after a lost answer makes no second booking. The job template
// and its placement templates are read through package jobs, which owns them.
package create

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/idempotency"
	"github.com/hive/hive/internal/platform/input"
)

// jobTemplate is what creating a booking reads of its job template (through package jobs, which
// owns the template tables).
type jobTemplate = jobs.BookingTemplate

// NewBooking is a booking to create from a job template: one placement per date per chosen
// placement template (none chosen: all). Its JSON form is the booking's audit record.
type NewBooking struct {
	JobTemplateID        int64    `json:"jobTemplateId"`
	Title                string   `json:"title,omitempty"`
	Reference            string   `json:"reference,omitempty"`
	IR35                 bool     `json:"ir35,omitempty"`
	Type                 string   `json:"type,omitempty"`
	Direct               bool     `json:"direct,omitempty"`
	SubstitutionAllowed  bool     `json:"substitutionAllowed,omitempty"`
	PeriodType           string   `json:"periodType,omitempty"`
	Dates                []string `json:"dates"`
	PlacementTemplateIDs []int64  `json:"placementTemplateIds,omitempty"`
}

// MsgIdempotencyKeyReused refuses a booking request whose Idempotency-Key named another request:
// the idempotency middleware's refusal, which answers first while it keeps the key (24 h); the
// booking keeps its key for good.
const MsgIdempotencyKeyReused = idempotency.MsgKeyReused

// requestHash identifies the request an idempotency key was first sent with: the booking after
// normalise, so the same form sent twice hashes the same.
func (b NewBooking) requestHash() string {
	j, _ := json.Marshal(b) // a struct of strings, bools and numbers always marshals
	sum := sha256.Sum256(j)
	return hex.EncodeToString(sum[:])
}

// normalise fills the defaults and checks the dates (unique, real, sorted on the way in).
func normalise(b *NewBooking, jt jobTemplate) error {
	b.Title = input.Text(b.Title)
	if b.Title == "" {
		b.Title = jt.Title
	}
	if b.Type == "" {
		b.Type = string(status.TypeDefault)
	}
	if b.PeriodType == "" {
		b.PeriodType = "custom"
	}
	for _, d := range b.Dates {
		if _, ok := input.Date(d); !ok {
			return apperror.Field("dates", input.MsgDate)
		}
	}
	slices.Sort(b.Dates)
	if len(slices.Compact(slices.Clone(b.Dates))) != len(b.Dates) {
		return apperror.Field("dates", "Each date may be chosen once")
	}
	return nil
}
