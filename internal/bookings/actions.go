package bookings

import (
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/auth"
)

// InstructionActions say what the caller may do to one instruction. Each flag is the answer of
// the very rule its write applies (ActorFor and status.Check for a status change, Substitutable
// for a substitution), so the web offers an action exactly when the server would take it and
// keeps no copy of the permission rules.
type InstructionActions struct {
	CanAccept           bool   `json:"canAccept" doc:"Accept on the caller's own side: the supplier's for the instruction's freelancer, the client's for a manager of the department"`
	CanReject           bool   `json:"canReject" doc:"Reject on the caller's own side"`
	CanAcceptAsSupplier bool   `json:"canAcceptAsSupplier" doc:"A manager accepts for the supplier"`
	CanRejectAsSupplier bool   `json:"canRejectAsSupplier" doc:"A manager rejects for the supplier"`
	CanCancel           bool   `json:"canCancel" doc:"A manager cancels the instruction (with a reason)"`
	CanSubstitute       bool   `json:"canSubstitute" doc:"The booking allows substitution, the caller is a manager of the department or the instruction's freelancer, and the instruction and its placement are live"`
	CanConfirmHold      bool   `json:"canConfirmHold" doc:"A live hold ranked first: its freelancer or a manager of the department confirms it into a booked instruction (every day of the freelancer's hold in the booking)"`
	CanReleaseHold      bool   `json:"canReleaseHold" doc:"A live hold: its freelancer or a manager of the department releases it"`
	CanChallengeHold    bool   `json:"canChallengeHold" doc:"A live hold below the first, challenging none yet: a manager of the department challenges the holds above"`
	CanAcknowledge      bool   `json:"canAcknowledge" doc:"The instruction's freelancer acknowledges the change to acknowledge (POST /instruction/acknowledge)"`
	AnswerSide          string `json:"answerSide" enum:"supplier,client," doc:"The side canAccept and canReject set (supplierStatus or clientStatus); empty for anyone but a manager of the department and the instruction's freelancer"`
}

// actionsOn answers InstructionActions for p on instruction r of placement pl.
func actionsOn(p *auth.Principal, pl SubstitutionPlacement, r InstructionRow) InstructionActions {
	t := IncumbentTarget(pl, r)
	actor, err := ActorFor(p, t)
	if err != nil {
		return InstructionActions{} // neither a manager nor its freelancer: nothing to offer
	}
	if RefusedStatusChange(r.Kind) != nil { // only the hold operations apply
		a := InstructionActions{AnswerSide: string(actor.Side())}
		a.CanConfirmHold, a.CanReleaseHold, a.CanChallengeHold = holdActions(actor, r)
		return a
	}
	// applyStatus's check: the state the instruction row holds (cancelling a placement marks
	// its instructions deleted).
	may := func(side status.Side, to status.Status) bool { return status.Check(r.State(), side, to, actor) == nil }
	return InstructionActions{
		AnswerSide:          string(actor.Side()),
		CanAccept:           may(actor.Side(), status.Accepted),
		CanReject:           may(actor.Side(), status.Rejected),
		CanAcceptAsSupplier: actor == status.ActorManager && may(status.Supplier, status.Accepted),
		CanRejectAsSupplier: actor == status.ActorManager && may(status.Supplier, status.Rejected),
		CanCancel:           may(status.Client, status.Cancelled),
		CanSubstitute:       Substitutable(p, pl, r, "id") == nil,
		CanAcknowledge:      p.UserID == r.UserID && r.Change.Change != nil,
	}
}
