package bookings

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings/commitment"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// GrantPlacement is what granting reads of a placement.
type GrantPlacement struct {
	ID         int64     `db:"id"`
	BookingID  int64     `db:"booking_id"`
	TemplateID *int64    `db:"placement_template_id"`
	StartAt    time.Time `db:"start_at"`
	EndAt      time.Time `db:"end_at"`
}

// GrantRequest is what a grant asks: freelancers into placements, optionally with a time by
// which each freelancer must answer.
type GrantRequest struct {
	PlacementIDs []int64
	UserIDs      []int64
	AnswerBy     *time.Time
	// Kind is KindOffer (also when empty) or KindHold: a pencil, which starts awaiting on both
	// sides whatever the booking's type and takes none of the freelancer's time, so it is not
	// checked against it (holds rank instead; confirming one is checked).
	Kind string
}

// Grant instructs every freelancer in users into every placement (all live, of booking b), in
// one transaction, without an answer-by time (GrantWith).
func (s *Store) Grant(ctx context.Context, b BookingRow, placementIDs, users []int64) (GrantResult, error) {
	return s.GrantWith(ctx, b, GrantRequest{PlacementIDs: placementIDs, UserIDs: users})
}

// GrantWith is Grant of r in one transaction (grantIn).
func (s *Store) GrantWith(ctx context.Context, b BookingRow, r GrantRequest) (GrantResult, error) {
	var res GrantResult
	err := s.DB.InTx(ctx, func(tx *database.Tx) (err error) {
		res, err = grantIn(ctx, tx, b, r)
		return err
	})
	return res, err
}

// grantIn instructs every freelancer of r into every placement of r (all live, of booking b) in
// tx. A live (placement, freelancer) instruction that exists is counted, not duplicated, even
// when two grants race: the partial unique index decides. An answer-by time must be in the
// future and not after any placement's start, and is for offers the freelancer answers only.
func grantIn(ctx context.Context, tx *database.Tx, b BookingRow, r GrantRequest) (GrantResult, error) {
	res := GrantResult{Refused: []Refusal{}}
	initial := status.Initial(status.BookingType(b.Type), b.Direct)
	if r.Kind == "" {
		r.Kind = KindOffer
	}
	if r.Kind == KindHold {
		if r.AnswerBy != nil {
			return res, apperror.Field("answerBy", MsgHoldAnswerBy)
		}
		initial = status.State{Supplier: status.Awaiting, Client: status.Awaiting}
	}
	marks, args := database.In(r.PlacementIDs)
	var ps []GrantPlacement
	if err := tx.Select(ctx, &ps, `SELECT id, booking_id, placement_template_id, start_at, end_at FROM placements
		WHERE deleted_at IS NULL AND booking_id = ? AND id IN (`+marks+`)`, append([]any{b.ID}, args...)...); err != nil {
		return res, err
	}
	if len(ps) != len(r.PlacementIDs) {
		return res, apperror.Field("placementIds", MsgPlacementsOfBooking)
	}
	if err := checkAnswerBy(r.AnswerBy, tx.Now, initial, ps); err != nil {
		return res, err
	}
	if err := RequireHireable(ctx, tx, b.DepartmentID, r.UserIDs); err != nil {
		return res, err
	}
	for _, user := range r.UserIDs {
		if err := LockUser(ctx, tx, user); err != nil {
			return res, err
		}
		for _, p := range ps {
			if refusal, err := grantRefusal(ctx, tx, commitment.Question{Ask: askOf(r.Kind, initial), User: user,
				Booking: b.ID, Start: p.StartAt, End: p.EndAt}); err != nil {
				return res, err
			} else if refusal != "" {
				res.Refused = append(res.Refused, Refusal{UserID: user, PlacementID: p.ID, Reason: refusal})
				continue
			}
			inserted, err := grantOne(ctx, tx, b, p, user, initial, r.AnswerBy, r.Kind)
			if err != nil {
				return res, err
			}
			if inserted {
				res.Inserted++
			} else {
				res.Existing++
			}
		}
	}
	return res, nil
}

// grantRefusal is why a grant does not instruct q's freelancer into q's placement, or "": the
// commitment rule for what the instruction asks (askOf). An offer is never sent to a freelancer
// already booked at an overlapping time, who could not accept it: it is refused naming that work
// and its times, and pointing to a pencil, the way to ask for someone already booked
// (commitment.MsgPencilInstead).
func grantRefusal(ctx context.Context, tx *database.Tx, q commitment.Question) (string, error) {
	reason, overlap, err := commitment.Refusal(ctx, tx, q)
	if overlap {
		reason += " " + commitment.MsgPencilInstead
	}
	return reason, err
}

// RequireHireable refuses users unless department may instruct every one of them (access.HireRule).
func RequireHireable(ctx context.Context, tx *database.Tx, department int64, users []int64) error {
	ok, err := access.HireableAmong(ctx, tx, department, users)
	if err != nil {
		return err
	}
	if len(ok) != len(users) {
		return apperror.Field("userIds", MsgNotHireable)
	}
	return nil
}

// NewInstruction is one instruction to insert: the booking's initial state, the freelancer's
// rates, and, for a substitute, the instruction it replaces.
type NewInstruction struct {
	BookingID, PlacementID, UserID int64
	TemplateID                     *int64
	State                          status.State
	Direct                         bool
	SubstitutionOf                 *int64
	AnswerBy                       *time.Time
	Kind                           string // KindOffer when empty
	// Rates, when set, are the instruction's rates instead of the rate card's (a substitute
	// takes over the incumbent's).
	Rates *RatePair
}

// RatePair is an instruction's buy and sell rate.
type RatePair struct{ Buy, Sell Rate }

// InsertInstruction adds one audited instruction with the rates given, else the freelancer's
// rate card or the template's default rates (jobs.RatesFor, the one rule for both) and returns
// its id; 0 when a live one exists for the pair already. The caller emits the event, which differs by cause.
func InsertInstruction(ctx context.Context, tx *database.Tx, n NewInstruction) (int64, map[string]any, error) {
	buy, sell := jobs.DefaultRate(), jobs.DefaultRate()
	if n.Rates != nil {
		buy, sell = n.Rates.Buy, n.Rates.Sell
	} else if n.TemplateID != nil {
		b, s, err := jobs.RatesFor(ctx, tx, *n.TemplateID, n.UserID)
		if err != nil && !errors.Is(err, jobs.ErrNoPlacementTemplate) {
			return 0, nil, err
		}
		if err == nil {
			buy, sell = b, s
		}
	}
	if n.Kind == "" {
		n.Kind = KindOffer
	}
	var id int64
	// The supplier and legal entity are the freelancer's as the VAT comparison finds them
	// (VATJoin), fixed when instructed: the work is billed through them.
	err := tx.Get(ctx, &id, `INSERT INTO instructions (placement_id, booking_id, user_id, supplier_status, client_status,
		substitution_of_id, buy_rate_minor, buy_currency, buy_period, sell_rate_minor, sell_currency, sell_period, direct,
		supplier_id, legal_entity_id, created_by, modified_by, created_at, updated_at, answer_by, kind)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
		(SELECT se.id FROM users u`+VATJoin+` WHERE u.id = ?), (SELECT le.id FROM users u`+VATJoin+` WHERE u.id = ?),
		?, ?, ?, ?, ?, ?)
		ON CONFLICT (placement_id, user_id) WHERE deleted_at IS NULL DO NOTHING RETURNING id`,
		n.PlacementID, n.BookingID, n.UserID, string(n.State.Supplier), string(n.State.Client), n.SubstitutionOf,
		buy.Minor(), buy.Currency, buy.Period, sell.Minor(), sell.Currency, sell.Period, n.Direct, n.UserID, n.UserID,
		ActorID(ctx), ActorID(ctx), tx.Now, tx.Now, n.AnswerBy, n.Kind)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil, nil
	}
	if errors.Is(err, database.ErrForeignKeyViolation) {
		return 0, nil, apperror.Field("userIds", "No such user")
	}
	if err != nil {
		return 0, nil, err
	}
	row := map[string]any{"placementId": n.PlacementID, "userId": n.UserID, "supplierStatus": n.State.Supplier,
		"clientStatus": n.State.Client, "kind": n.Kind}
	if n.SubstitutionOf != nil {
		row["substitutionOfId"] = *n.SubstitutionOf
	}
	if n.AnswerBy != nil {
		row["answerBy"] = *n.AnswerBy
	}
	return id, row, audit.Record(ctx, tx, audit.Insert, audit.SourceInstruction, id, row)
}

// grantOne instructs user into p (a grant's pair) as an instruction of kind, with its event
// (a hold's is hold.placed); false when it existed.
func grantOne(ctx context.Context, tx *database.Tx, b BookingRow, p GrantPlacement, user int64, st status.State,
	answerBy *time.Time, kind string) (bool, error) {
	id, row, err := InsertInstruction(ctx, tx, NewInstruction{BookingID: b.ID, PlacementID: p.ID, UserID: user,
		TemplateID: p.TemplateID, State: st, Direct: b.Direct, AnswerBy: answerBy, Kind: kind})
	if err != nil || id == 0 {
		return false, err
	}
	ev := events.InstructionGranted
	if kind == KindHold {
		ev = events.HoldPlaced
	}
	return true, Emit(ctx, tx, events.Event{Kind: ev, BookingID: b.ID, PlacementID: p.ID,
		InstructionID: id, UserID: user, Payload: row})
}

// VATJoin finds a user's (alias u) VAT status as le.vat_registered: the preferred legal entity of
// their supplier entity, which is their preferred supplier, else the one supplier entity they
// manage (a freelancer's own business). NULL when a link is missing or they manage several.
const VATJoin = ` LEFT JOIN entities se ON se.id = COALESCE(u.preferred_supplier_id,
		(SELECT CASE WHEN COUNT(*) = 1 THEN MIN(r.entity_id) END FROM user_entity_refs r
		 JOIN entities e ON e.id = r.entity_id WHERE r.user_id = u.id AND r.can_manage = TRUE AND e.type = 'supplier'))
	LEFT JOIN legal_entities le ON le.id = se.preferred_legal_entity_id`
