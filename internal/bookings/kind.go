package bookings

import (
	"database/sql/driver"
	"fmt"
	"time"

	"github.com/hive/hive/internal/bookings/commitment"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/apperror"
)

// Pencils (docs/decisions.md "Holds"): a hold is an
// instruction of kind 'hold' on a freelancer's time. It starts awaiting on both sides, so every
// existing rule (colours, agenda tabs, the overlap check, facts) reads it as an open offer and
// never as booked. Its rank for a placement is 1 + the live holds of its freelancer overlapping
// that placement placed earlier (HoldColumns), derived when read. The hold of a freelancer in
// one booking (one instruction per day) is confirmed, released and challenged as one (package
// holds). Every instruction read carries its kind and rank (store_kind.go), and every view says
// what its reader may do to a hold (holdActions), so those stay here.

// The instruction kinds.
const (
	KindOffer = "offer"
	KindHold  = commitment.KindHold // a pencil: the commitment rule never refuses one
)

// askOf is what an instruction of kind starting in state initial asks of its freelancer's time:
// a pencil takes none, an offer awaits their answer, one that starts accepted (a pre-confirmed
// or direct booking) commits it.
func askOf(kind string, initial status.State) commitment.Ask {
	switch {
	case kind == KindHold:
		return commitment.Pencil
	case initial.Supplier == status.Accepted:
		return commitment.Accept
	}
	return commitment.Offer
}

// Refusals of a hold by the instruction operations, written once (the hold operations' own
// refusals are package holds').
const (
	MsgHoldStatus   = "A hold is confirmed or released, not answered: use Confirm hold or Release hold."
	MsgHoldAnswerBy = "A pencil has no answer-by time: it is confirmed, released or challenged."
)

// RefusedStatusChange is the rule that a hold takes no status change (MsgHoldStatus): its own
// operations confirm, release and challenge it. A status change, the actions offered on an
// instruction and a substitution all ask it.
func RefusedStatusChange(kind string) error {
	if kind == KindHold {
		return apperror.Conflict(MsgHoldStatus)
	}
	return nil
}

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

// LiveHold reports whether state st of a hold still holds the pencil.
func LiveHold(kind string, st status.State) bool { return kind == KindHold && st.Live() }

// holdActions are what p (actor, or "" for neither party) may do to hold r: confirm it when it
// is first, release it, and, as a manager of its department, challenge a higher one. The
// writes check the whole hold (every day); these read the row, as the other actions do.
func holdActions(actor status.Actor, r InstructionRow) (confirm, release, challenge bool) {
	if actor == "" || !LiveHold(r.Kind, r.State()) {
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

func (d dbTime) wire() *string { return OptionalTime(d.At) }
