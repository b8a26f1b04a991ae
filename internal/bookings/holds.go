package bookings

import (
	"database/sql/driver"
	"fmt"
	"github.com/hive/hive/internal/bookings/commitment"
	"time"

	"github.com/hive/hive/internal/bookings/status"
)

// Pencils (docs/decisions.md "Holds"): a hold is an
// instruction of kind 'hold' on a freelancer's time. It starts awaiting on both sides, so every
// existing rule (colours, agenda tabs, the overlap check, facts) reads it as an open offer and
// never as booked. Its rank for a placement is 1 + the live holds of its freelancer overlapping
// that placement placed earlier (HoldColumns), derived when read. The hold of a freelancer in
// one booking (one instruction per day) is confirmed, released and challenged as one. The
// queries are in store_holds.go, the operations in http_holds.go.

// The instruction kinds.
const (
	KindOffer = "offer"
	KindHold  = commitment.KindHold // a pencil: the commitment rule never refuses one
)

// Refusals of the hold operations, written once.
const (
	MsgNotAHold          = "This instruction is not a live hold."
	MsgOnlyFirstHold     = "Only the first hold can be confirmed: a higher hold exists on these days."
	MsgAlreadyFirstHold  = "This hold is already the first hold on every day: there is nobody to challenge."
	MsgChallengeOpen     = "A challenge of the higher hold is already open."
	MsgHoldStatus        = "A hold is confirmed or released, not answered: use Confirm hold or Release hold."
	MsgChallengeByClient = "Only a manager of the hold's department can challenge a higher hold."
	MsgHoldAnswerBy      = "A pencil has no answer-by time: it is confirmed, released or challenged."
)

// The cancellation reasons a released hold gets.
const (
	HoldReleasedReason = "Hold released"
	HoldExpiredReason  = "Hold released: not confirmed within the challenge time"
)

// The outcomes of a challenge (hold_challenges.outcome).
const (
	OutcomeConfirmed = "confirmed"
	OutcomeReleased  = "released"
	OutcomeExpired   = "expired"
	OutcomeWithdrawn = "withdrawn" // the challenger's own hold ended first
)

// HoldFacts is what a view tells of a hold. Every reader sees the same facts: its own rank and
// whether a higher hold exists, never whose; a client reads no other client's hold at all.
type HoldFacts struct {
	Kind             string  `json:"kind" enum:"offer,hold" doc:"offer: a yes-or-no instruction; hold: a pencil on the freelancer's time"`
	HoldRank         int     `json:"holdRank" doc:"For a hold: 1 + the live holds of its freelancer overlapping its placement placed earlier; 0 for an offer"`
	HigherHoldExists bool    `json:"higherHoldExists" doc:"A hold ranked below the first: another hold (whose is not told) is higher"`
	ChallengedUntil  *string `json:"challengedUntil" doc:"A lower hold challenged this one: confirm or release it by then, or it is released"`
	ChallengingUntil *string `json:"challengingUntil" doc:"This hold challenged higher ones, which answer by then (the latest deadline)"`
}

// HoldFactsOf is the view's HoldFacts of row r (read with HoldColumns).
func HoldFactsOf(r InstructionRow) HoldFacts {
	f := HoldFacts{Kind: KindOffer}
	if r.Kind != KindHold {
		return f
	}
	f.Kind, f.HoldRank, f.HigherHoldExists = KindHold, r.HoldRank, r.HoldRank > 1
	f.ChallengedUntil, f.ChallengingUntil = r.ChallengedUntil.wire(), r.ChallengingUntil.wire()
	return f
}

// liveHold reports whether state st of a hold still holds the pencil.
func liveHold(kind string, st status.State) bool { return kind == KindHold && st.Live() }

// holdActions are what p (actor, or "" for neither party) may do to hold r: confirm it when it
// is first, release it, and, as a manager of its department, challenge a higher one. The
// writes check the whole hold (every day); these read the row, as the other actions do.
func holdActions(actor status.Actor, r InstructionRow) (confirm, release, challenge bool) {
	if actor == "" || !liveHold(r.Kind, r.State()) {
		return false, false, false
	}
	return r.HoldRank == 1, true, actor == status.ActorManager && r.HoldRank > 1 && r.ChallengingUntil.At == nil
}

// dbTime is a time read from an expression (a scalar subquery): SQLite gives no column type
// for one, so its driver hands back the stored text rather than a time.
type dbTime struct{ At *time.Time }

// Scan reads a time, its text form, or NULL.
func (d *dbTime) Scan(v any) error {
	switch x := v.(type) {
	case nil:
		d.At = nil
	case time.Time:
		d.At = &x
	case []byte:
		return d.Scan(string(x))
	case string:
		for _, layout := range []string{"2006-01-02 15:04:05.999999999 -0700 MST", "2006-01-02 15:04:05.999999999-07:00", time.RFC3339Nano, "2006-01-02 15:04:05.999999999Z07:00",
			"2006-01-02 15:04:05"} {
			if t, err := time.Parse(layout, x); err == nil {
				d.At = &t
				return nil
			}
		}
		return fmt.Errorf("dbTime: cannot read %q", x)
	default:
		return fmt.Errorf("dbTime: cannot read %T", v)
	}
	return nil
}

// Value writes it back (a row read may be written as read).
func (d dbTime) Value() (driver.Value, error) {
	if d.At == nil {
		return nil, nil
	}
	return *d.At, nil
}

func (d dbTime) wire() *string { return optionalTime(d.At) }
