package waterfall

import (
	"context"
	"slices"
	"time"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// WaterfallView is one offer waterfall with its progress and ranked list.
type WaterfallView struct {
	ID                   int64                    `json:"id"`
	BookingID            int64                    `json:"bookingId"`
	PlacementIDs         []int64                  `json:"placementIds"`
	Places               int                      `json:"places"`
	OpenAtOnce           int                      `json:"openAtOnce"`
	OfferLifetimeMinutes int                      `json:"offerLifetimeMinutes"`
	State                string                   `json:"state" enum:"running,paused,stopped,done,ran_out" doc:"done: every place filled; ran_out: nobody left to offer to with places still to fill"`
	Version              int                      `json:"version" doc:"Send it back with a change; a stale one is refused (409)"`
	Filled               int                      `json:"filled" doc:"Candidates who accepted"`
	Open                 int                      `json:"open" doc:"Offers waiting for an answer"`
	Actions              []string                 `json:"actions" enum:"pause,resume,stop" doc:"The actions PATCH /waterfall/{id} allows in this state"`
	CanAddCandidates     bool                     `json:"canAddCandidates" doc:"More freelancers may be listed (POST /waterfall/{id}/candidates) and those waiting reordered: any state but stopped"`
	PlacementTemplateID  *int64                   `json:"placementTemplateId,omitempty" doc:"The placement type of its live placements, to ask the available suppliers for more candidates"`
	CreatedAt            string                   `json:"createdAt"`
	Candidates           []WaterfallCandidateView `json:"candidates"`
}

// WaterfallCandidateView is one freelancer of the ranked list.
type WaterfallCandidateView struct {
	Rank      int     `json:"rank"`
	UserID    int64   `json:"userId"`
	FullName  string  `json:"fullName"`
	State     string  `json:"state" enum:"pending,offered,accepted,declined,expired,skipped"`
	OfferedAt *string `json:"offeredAt,omitempty"`
	AnswerBy  *string `json:"answerBy,omitempty"`
}

// Waterfalls reads booking's waterfalls, newest first, each with its candidates by rank.
func (s *Store) Waterfalls(ctx context.Context, booking int64) ([]WaterfallView, error) {
	var ws []struct {
		ID        int64     `db:"id"`
		Places    int       `db:"places"`
		Open      int       `db:"open_at_once"`
		Lifetime  int       `db:"offer_lifetime_minutes"`
		State     string    `db:"state"`
		Version   int       `db:"version"`
		CreatedAt time.Time `db:"created_at"`
	}
	if err := s.DB.Select(ctx, &ws, `SELECT id, places, open_at_once, offer_lifetime_minutes, state, version, created_at
		FROM offer_waterfalls WHERE booking_id = ? ORDER BY id DESC`, booking); err != nil {
		return nil, err
	}
	var cs []struct {
		WaterfallID int64      `db:"waterfall_id"`
		Position    int        `db:"position"`
		UserID      int64      `db:"user_id"`
		FirstName   string     `db:"first_name"`
		LastName    string     `db:"last_name"`
		State       string     `db:"state"`
		OfferedAt   *time.Time `db:"offered_at"`
	}
	if err := s.DB.Select(ctx, &cs, `SELECT c.waterfall_id, c.position, c.user_id, u.first_name, u.last_name, c.state,
		c.offered_at FROM waterfall_candidates c JOIN offer_waterfalls w ON w.id = c.waterfall_id
		JOIN users u ON u.id = c.user_id WHERE w.booking_id = ? ORDER BY c.waterfall_id, c.position`, booking); err != nil {
		return nil, err
	}
	answerBy, err := s.offerAnswerBy(ctx, booking)
	if err != nil {
		return nil, err
	}
	var ps []struct {
		WaterfallID int64  `db:"waterfall_id"`
		PlacementID int64  `db:"placement_id"`
		TemplateID  *int64 `db:"placement_template_id"`
		Live        bool   `db:"live"`
	}
	if err := s.DB.Select(ctx, &ps, `SELECT wp.waterfall_id, wp.placement_id, p.placement_template_id,
		p.deleted_at IS NULL AS live FROM waterfall_placements wp JOIN offer_waterfalls w ON w.id = wp.waterfall_id
		JOIN placements p ON p.id = wp.placement_id WHERE w.booking_id = ? ORDER BY wp.placement_id`, booking); err != nil {
		return nil, err
	}
	out := make([]WaterfallView, len(ws))
	at := map[int64]*WaterfallView{}
	for i, w := range ws {
		out[i] = WaterfallView{ID: w.ID, BookingID: booking, PlacementIDs: []int64{}, Places: w.Places, OpenAtOnce: w.Open,
			OfferLifetimeMinutes: w.Lifetime, State: w.State, Version: w.Version, CreatedAt: bookings.WireTime(w.CreatedAt.UTC()),
			Actions: actionsIn(w.State), CanAddCandidates: takesCandidates(w.State), Candidates: []WaterfallCandidateView{}}
		at[w.ID] = &out[i]
	}
	for _, p := range ps {
		if v := at[p.WaterfallID]; v != nil {
			v.PlacementIDs = append(v.PlacementIDs, p.PlacementID)
			if p.Live && v.PlacementTemplateID == nil {
				v.PlacementTemplateID = p.TemplateID
			}
		}
	}
	for _, c := range cs {
		v := at[c.WaterfallID]
		if v == nil {
			continue
		}
		v.Candidates = append(v.Candidates, WaterfallCandidateView{Rank: c.Position, UserID: c.UserID,
			FullName: c.FirstName + " " + c.LastName, State: c.State, OfferedAt: bookings.OptionalTime(c.OfferedAt),
			AnswerBy: bookings.OptionalTime(answerBy[[2]int64{c.WaterfallID, c.UserID}])})
		switch c.State {
		case CandidateAccepted:
			v.Filled++
		case CandidateOffered:
			v.Open++
		}
	}
	return out, nil
}

// offerAnswerBy is, per waterfall and candidate of booking, the earliest answer-by time of their
// live instructions on the waterfall's placements: the offer's, which a manager may change on
// the instruction (PATCH /instruction/answer-by), so it is read there, not copied.
func (s *Store) offerAnswerBy(ctx context.Context, booking int64) (map[[2]int64]*time.Time, error) {
	var rows []struct {
		WaterfallID int64     `db:"waterfall_id"`
		UserID      int64     `db:"user_id"`
		AnswerBy    time.Time `db:"answer_by"`
	}
	err := s.DB.Select(ctx, &rows, `SELECT wp.waterfall_id, i.user_id, i.answer_by FROM instructions i
		JOIN waterfall_placements wp ON wp.placement_id = i.placement_id
		JOIN offer_waterfalls w ON w.id = wp.waterfall_id
		JOIN waterfall_candidates c ON c.waterfall_id = w.id AND c.user_id = i.user_id AND c.state = 'offered'
		WHERE w.booking_id = ? AND i.deleted_at IS NULL AND i.answer_by IS NOT NULL`, booking)
	out := map[[2]int64]*time.Time{}
	for _, r := range rows {
		key := [2]int64{r.WaterfallID, r.UserID}
		if at := r.AnswerBy; out[key] == nil || at.Before(*out[key]) {
			out[key] = &at
		}
	}
	return out, err
}

// WaterfallBooking is the booking of waterfall id; 404 when there is no such waterfall.
func (s *Store) WaterfallBooking(ctx context.Context, id int64) (int64, error) {
	var booking int64
	err := s.DB.Get(ctx, &booking, `SELECT booking_id FROM offer_waterfalls WHERE id = ?`, id)
	return booking, database.NotFound(err, waterfallNoun)
}

// lockCurrent locks waterfall id and refuses it when version is not the one read.
func lockCurrent(ctx context.Context, tx *database.Tx, id int64, version int) (waterfallRow, error) {
	w, err := lockWaterfall(ctx, tx, id)
	if err == nil && w.Version != version {
		err = apperror.Conflict(MsgWaterfallStale)
	}
	return w, err
}

// ControlWaterfall pauses, resumes or stops waterfall id, checked against the version read. A
// paused waterfall keeps its open offers and makes no new ones; resuming advances it at once;
// stopping withdraws its open offers, since the manager stopped offering.
func (s *Store) ControlWaterfall(ctx context.Context, id int64, version int, action string) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		w, err := lockCurrent(ctx, tx, id, version)
		if err != nil {
			return err
		}
		state, err := nextState(w.State, action)
		if err != nil {
			return err
		}
		if err := setWaterfallState(ctx, tx, w, state); err != nil {
			return err
		}
		switch state {
		case WaterfallRunning:
			return advance(ctx, tx, id)
		case WaterfallStopped:
			return withdrawOffers(ctx, tx, id, 0, MsgWaterfallWithdrawn)
		}
		return nil
	})
}

// withdrawOffers cancels, on the client side with reason, the unanswered instructions of
// waterfall id's offers: of every candidate still offered (user 0: the waterfall stopped), or of
// one candidate whose turn ended on another part (a placement declined or expired). Answered
// parts stay as answered. The status write's hook (turnsHook) then settles each candidate once.
func withdrawOffers(ctx context.Context, tx *database.Tx, id, user int64, reason string) error {
	who, args := `c.state = 'offered'`, []any{id}
	if user != 0 {
		who, args = `c.user_id = ?`, append(args, user)
	}
	var ts []bookings.Target
	if err := tx.Select(ctx, &ts, `SELECT `+bookings.InstructionColumns+`, b.department_id, pl.start_at, pl.end_at
		FROM instructions i JOIN users u ON u.id = i.user_id JOIN placements pl ON pl.id = i.placement_id
		JOIN bookings b ON b.id = i.booking_id
		JOIN waterfall_placements wp ON wp.placement_id = i.placement_id AND wp.waterfall_id = ?
		JOIN waterfall_candidates c ON c.waterfall_id = wp.waterfall_id AND c.user_id = i.user_id
		WHERE i.deleted_at IS NULL AND i.supplier_status = 'awaiting_response'
		AND i.client_status NOT IN ('cancelled', 'rejected') AND `+who+` ORDER BY i.id`, args...); err != nil {
		return err
	}
	for _, t := range ts {
		c := status.Change{Side: status.Client, To: status.Cancelled, Reason: reason}
		res, err := status.Apply(t.State(), c, status.ActorManager)
		if err != nil {
			return err
		}
		if err := bookings.WriteStatus(ctx, tx, t, c, res); err != nil {
			return err
		}
	}
	return nil
}

// ReorderWaterfall ranks waterfall id's pending candidates as users lists them (every pending
// candidate, once), checked against the version read. The others keep their ranks: the new
// order reuses the pending candidates' positions.
func (s *Store) ReorderWaterfall(ctx context.Context, id int64, version int, users []int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		w, err := lockCurrent(ctx, tx, id, version)
		if err != nil {
			return err
		}
		if !takesCandidates(w.State) {
			return apperror.Conflict(MsgWaterfallFinished)
		}
		var pending []struct {
			UserID   int64 `db:"user_id"`
			Position int   `db:"position"`
		}
		if err := tx.Select(ctx, &pending, `SELECT user_id, position FROM waterfall_candidates
			WHERE waterfall_id = ? AND state = 'pending' ORDER BY position`, id); err != nil {
			return err
		}
		want := make([]int64, len(pending))
		for i, p := range pending {
			want[i] = p.UserID
		}
		if !slices.Equal(slices.Sorted(slices.Values(users)), slices.Sorted(slices.Values(want))) {
			return apperror.Field("userIds", MsgWaterfallOrder)
		}
		for i, u := range users {
			if _, err := tx.Exec(ctx, `UPDATE waterfall_candidates SET position = ? WHERE waterfall_id = ? AND user_id = ?`,
				pending[i].Position, id, u); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE offer_waterfalls SET updated_at = ?, version = version + 1 WHERE id = ?`, tx.Now, id); err != nil {
			return err
		}
		return recordWaterfall(ctx, tx, audit.Update, w.BookingID, id, map[string]any{"order": users, "version": w.Version + 1})
	})
}

// AddCandidates lists users after waterfall id's candidates, in the order given, checked against
// the version read: freelancers the booking's department may hire, none listed already. A
// waterfall that ran out (or filled, or is running) advances at once, so the first of them is
// offered in the same transaction; a paused one waits to be resumed; a stopped one is refused.
func (s *Store) AddCandidates(ctx context.Context, id int64, version int, users []int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		w, err := lockCurrent(ctx, tx, id, version)
		if err != nil {
			return err
		}
		if !takesCandidates(w.State) {
			return apperror.Conflict(MsgWaterfallFinished)
		}
		if len(users) == 0 {
			return apperror.Field("userIds", MsgWaterfallNoCandidates)
		}
		if len(slices.Compact(slices.Sorted(slices.Values(users)))) != len(users) {
			return apperror.Field("userIds", MsgWaterfallListedTwice)
		}
		marks, args := database.In(users)
		var listed bool
		if err := tx.Get(ctx, &listed, `SELECT EXISTS (SELECT 1 FROM waterfall_candidates WHERE waterfall_id = ?
			AND user_id IN (`+marks+`))`, append([]any{id}, args...)...); err != nil {
			return err
		}
		if listed {
			return apperror.Field("userIds", MsgWaterfallListed)
		}
		if err := bookings.RequireHireable(ctx, tx, w.DepartmentID, users); err != nil {
			return err
		}
		var last int
		if err := tx.Get(ctx, &last, `SELECT COALESCE(MAX(position), 0) FROM waterfall_candidates WHERE waterfall_id = ?`, id); err != nil {
			return err
		}
		if err := database.InsertMany(ctx, tx, "waterfall_candidates", "waterfall_id, position, user_id", len(users),
			func(i int) []any { return []any{id, last + i + 1, users[i]} }); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE offer_waterfalls SET updated_at = ?, version = version + 1 WHERE id = ?`, tx.Now, id); err != nil {
			return err
		}
		if err := recordWaterfall(ctx, tx, audit.Update, w.BookingID, id, map[string]any{"added": users, "version": w.Version + 1}); err != nil {
			return err
		}
		return advance(ctx, tx, id)
	})
}
