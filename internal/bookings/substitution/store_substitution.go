package substitution

import (
	"context"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/commitment"
	"github.com/hive/hive/internal/bookings/events"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// Store reads the candidates and makes substitutions.
type Store struct{ DB *database.DB }

// substituteCandidate is one freelancer free to replace the incumbent.
type substituteCandidate struct {
	ID            int64  `db:"id"`
	FirstName     string `db:"first_name"`
	LastName      string `db:"last_name"`
	Email         string `db:"email"`
	VATRegistered *bool  `db:"vat_registered"`
}

// AvailableSubstitutes lists who may replace the incumbent instruction of placement (instruction
// 0: the placement's only live supplier-accepted one), for p.
func (s *Store) AvailableSubstitutes(ctx context.Context, p *auth.Principal, placement, instruction int64) (AvailableSubstitutesList, error) {
	list := AvailableSubstitutesList{Items: []AvailableSubstitute{}}
	pl, id, err := findSubstitution(ctx, s.DB, p, placement, instruction, "instructionId")
	if err != nil {
		return list, err
	}
	incumbent, err := loadIncumbent(ctx, s.DB, p, pl, id, "instructionId")
	if err != nil {
		return list, err
	}
	list.For = substitutionFor(pl, incumbent)
	candidates, err := substituteCandidates(ctx, s.DB, pl, incumbent.UserID, 0)
	if err != nil {
		return list, err
	}
	var vat *bool
	if err := s.DB.Get(ctx, &vat, `SELECT le.vat_registered FROM users u`+bookings.VATJoin+` WHERE u.id = ?`, incumbent.UserID); err != nil {
		return list, err
	}
	for _, c := range candidates {
		list.Items = append(list.Items, substituteItem(c, vat))
	}
	return list, nil
}

// Substitute instructs substitute into placement in place of the incumbent instruction, at the
// incumbent's rates unless rates gives others (a manager's only), and cancels the incumbent's
// supplier side ("Substituted"), in one transaction. Everything is
// checked again inside it: the incumbent's row is locked first on PostgreSQL (SQLite has one
// writer), so of two racing substitutions the second finds it cancelled and gets 409.
func (s *Store) Substitute(ctx context.Context, p *auth.Principal, placement, instruction, substitute int64,
	rates SubstitutionRates) (int64, error) {
	var id int64
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		pl, incumbentID, err := findSubstitution(ctx, tx, p, placement, instruction, "id")
		if err != nil {
			return err
		}
		if err := lockInstruction(ctx, tx, incumbentID); err != nil {
			return err
		}
		incumbent, err := loadIncumbent(ctx, tx, p, pl, incumbentID, "id")
		if err != nil {
			return err
		}
		actor, err := bookings.ActorFor(p, bookings.IncumbentTarget(pl, incumbent))
		if err != nil {
			return err
		}
		if actor != status.ActorManager && (rates.Buy != nil || rates.Sell != nil) {
			return apperror.New(apperror.KindForbidden, apperror.CodeAccessDenied, MsgSubstituteRatesManagers)
		}
		// The hire rule first, so an id that names nobody is refused as an ineligible one is.
		if ok, err := access.HireableAmong(ctx, tx, pl.DepartmentID, []int64{substitute}); err != nil {
			return err
		} else if len(ok) == 0 {
			return apperror.Conflict(MsgSubstituteNotFree)
		}
		if err := bookings.LockUser(ctx, tx, substitute); err != nil {
			return err
		}
		if free, err := substituteCandidates(ctx, tx, pl, incumbent.UserID, substitute); err != nil {
			return err
		} else if len(free) == 0 {
			return apperror.Conflict(MsgSubstituteNotFree)
		}
		st := substituteState(pl, actor)
		if err := substituteMayCommit(ctx, tx, pl, st, substitute); err != nil {
			return err
		}
		if id, err = insertSubstitute(ctx, tx, pl, incumbent, substitute, st, substituteRates(incumbent, rates)); err != nil {
			return err
		}
		return cancelSubstituted(ctx, tx, pl, incumbent)
	})
	return id, err
}

// findSubstitution reads the placement and decides the incumbent's id. Someone who may not view
// the department reaches the placement only through their own instruction in it (else 404), and
// their default incumbent is that instruction. field names the incumbent in refusals. q is the
// database for the list and the grant's transaction, so both check the same rules with the same
// queries.
func findSubstitution(ctx context.Context, q database.Reader, p *auth.Principal, placement, instruction int64, field string) (bookings.SubstitutionPlacement, int64, error) {
	var pl bookings.SubstitutionPlacement
	err := q.Get(ctx, &pl, `SELECT pl.id, pl.booking_id, pl.placement_template_id, pl.local_date, pl.start_at, pl.end_at,
		pl.deleted_at, b.department_id, b.substitution_allowed, b.type, b.direct, pl.title, b.title AS booking_title
		FROM placements pl JOIN bookings b ON b.id = pl.booking_id WHERE pl.id = ?`, placement)
	if err = database.NotFound(err, "Placement"); err != nil {
		return pl, 0, err
	}
	own := int64(0)
	if !access.CanViewDepartment(p, pl.DepartmentID) {
		own = p.UserID
		var holds bool
		if err := q.Get(ctx, &holds, `SELECT EXISTS (SELECT 1 FROM instructions
			WHERE placement_id = ? AND user_id = ? AND deleted_at IS NULL)`, pl.ID, own); err != nil {
			return pl, 0, err
		}
		if !holds {
			return pl, 0, apperror.NotFound("Placement")
		}
	}
	if err := bookings.SubstitutionAllowed(pl); err != nil {
		return pl, 0, err
	}
	if instruction != 0 {
		return pl, instruction, nil
	}
	query := `SELECT id FROM instructions WHERE placement_id = ? AND deleted_at IS NULL AND supplier_status = ?
		AND client_status NOT IN (?, ?)`
	args := []any{pl.ID, string(status.Accepted), string(status.Cancelled), string(status.Rejected)}
	if own != 0 {
		query += ` AND user_id = ?`
		args = append(args, own)
	}
	var ids []int64
	if err := q.Select(ctx, &ids, query+` ORDER BY id LIMIT 2`, args...); err != nil {
		return pl, 0, err
	}
	if len(ids) != 1 {
		return pl, 0, apperror.Field(field, MsgChooseIncumbent)
	}
	return pl, ids[0], nil
}

// loadIncumbent reads instruction id and checks that p may substitute it (substitutable).
func loadIncumbent(ctx context.Context, q database.Reader, p *auth.Principal, pl bookings.SubstitutionPlacement, id int64, field string) (bookings.InstructionRow, error) {
	var r bookings.InstructionRow
	err := q.Get(ctx, &r, `SELECT `+bookings.InstructionColumns+` FROM instructions i JOIN users u ON u.id = i.user_id
		WHERE i.id = ?`, id)
	if err = database.NotFound(err, "Instruction"); err != nil {
		return r, err
	}
	return r, bookings.Substitutable(p, pl, r, field)
}

// substituteCandidates lists, in one query, the users the department may hire (access.HireRule) who are
// free for pl: not the incumbent, not instructed on pl already (any live row blocks a new one),
// not unavailable on its date, and holding no instruction that holds their time (commitment.HoldsTime) in
// an overlapping period (the copy of its placement's period each instruction carries). only,
// when not 0, checks that one user.
func substituteCandidates(ctx context.Context, q database.Reader, pl bookings.SubstitutionPlacement, incumbent, only int64) ([]substituteCandidate, error) {
	query := `SELECT u.id, u.first_name, u.last_name, u.email, le.vat_registered FROM users u` + bookings.VATJoin + `
		WHERE u.id <> ?
		AND EXISTS (SELECT 1 FROM user_department_refs d WHERE d.user_id = u.id AND d.department_id = ? AND ` + access.HireRule("d", "u") + `)
		AND NOT EXISTS (SELECT 1 FROM instructions x WHERE x.placement_id = ? AND x.user_id = u.id AND x.deleted_at IS NULL)
		AND NOT EXISTS (SELECT 1 FROM unavailability n WHERE n.user_id = u.id AND n.date = ?)
		AND NOT EXISTS (SELECT 1 FROM instructions x WHERE x.user_id = u.id AND ` + commitment.HoldsTime("x") + `
			AND x.placement_start_at < ? AND x.placement_end_at > ?)`
	args := append(append([]any{incumbent, pl.DepartmentID}, access.HireableStatuses...), pl.ID, pl.LocalDate, pl.EndAt, pl.StartAt)
	if only != 0 {
		query += ` AND u.id = ?`
		args = append(args, only)
	}
	out := []substituteCandidate{}
	err := q.Select(ctx, &out, query+` ORDER BY LOWER(u.last_name), LOWER(u.first_name), u.id`, args...)
	return out, err
}

// substituteMayCommit asks the commitment rule for a substitute whose
// instruction starts accepted by its supplier (a pre-confirmed or direct booking): the candidate
// list has checked overlaps already, the rest is checked here.
func substituteMayCommit(ctx context.Context, tx *database.Tx, pl bookings.SubstitutionPlacement, st status.State, user int64) error {
	if st.Supplier != status.Accepted {
		return nil
	}
	refusal, _, err := commitment.Refusal(ctx, tx, commitment.Question{Ask: commitment.Accept, User: user,
		Booking: pl.BookingID, Start: pl.StartAt, End: pl.EndAt})
	if err != nil || refusal == "" {
		return err
	}
	return apperror.Conflict(refusal)
}

// lockInstruction serialises substitutions of one incumbent.
func lockInstruction(ctx context.Context, tx *database.Tx, id int64) error {
	return database.NotFound(bookings.LockRow(ctx, tx, "instructions", id), "Instruction")
}

// insertSubstitute adds the substitute's instruction, linked to the incumbent, in state st
// (substituteState) at rates (substituteRates); its event names both.
func insertSubstitute(ctx context.Context, tx *database.Tx, pl bookings.SubstitutionPlacement, incumbent bookings.InstructionRow, user int64,
	st status.State, rates bookings.RatePair) (int64, error) {
	id, _, err := bookings.InsertInstruction(ctx, tx, bookings.NewInstruction{BookingID: pl.BookingID, PlacementID: pl.ID, UserID: user,
		TemplateID: pl.TemplateID, State: st, Direct: pl.Direct, SubstitutionOf: &incumbent.ID, Rates: &rates})
	if err != nil {
		return 0, err
	}
	if id == 0 {
		return 0, apperror.Conflict(MsgSubstituteNotFree)
	}
	payload := map[string]any{"substitutionOfId": incumbent.ID, "incumbentUserId": incumbent.UserID,
		"supplierStatus": st.Supplier, "clientStatus": st.Client}
	return id, bookings.Emit(ctx, tx, events.Event{Kind: events.InstructionSubstitute, BookingID: pl.BookingID,
		PlacementID: pl.ID, InstructionID: id, UserID: user, Payload: payload})
}

// cancelSubstituted cancels the incumbent's supplier side through the status path, so the
// previous status, version, audit row and event are those of any cancellation. The machine lets
// only managers cancel; an incumbent freelancer's right to substitute was checked above, so the
// change is applied as a manager's.
func cancelSubstituted(ctx context.Context, tx *database.Tx, pl bookings.SubstitutionPlacement, incumbent bookings.InstructionRow) error {
	res, err := status.Apply(incumbent.State(), bookings.SubstitutedChange, status.ActorManager)
	if err != nil {
		return err
	}
	return bookings.WriteStatus(ctx, tx, bookings.IncumbentTarget(pl, incumbent), bookings.SubstitutedChange, res)
}
