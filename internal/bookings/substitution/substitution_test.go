package substitution_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/bookings/substitution"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

func TestAvailableSubstitutesKeepsOnlyFreeBookableFreelancers(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.BuildSubWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sw bookingstest.SubWorld) {

		var list substitution.AvailableSubstitutesList
		s.As(apptest.DeptMgr).Do("GET", fmt.Sprintf("/placement/%d/available-substitutes", sw.Day), nil).Want(200).Decode(&list)
		got := []string{}
		vat := map[string][2]string{}
		for _, it := range list.Items {
			got = append(got, it.User.LastName)
			vat[it.User.LastName] = [2]string{subBool(it.VATRegistered), subBool(it.IncumbentHasSameVatStatus)}
		}
		// Dunn and Evans are busy, Gray unavailable, Hill instructed already, Irwin not hireable,
		// Jones inactive, Reid the incumbent; a rejection (Fox) and a later shift (King) free nobody less.
		if want := "Able,Baker,Carter,Fox,King"; strings.Join(got, ",") != want {
			t.Fatalf("candidates %v, want %s", got, want)
		}
		for name, want := range map[string][2]string{"Able": {"true", "true"}, "Baker": {"false", "false"},
			"Carter": {"null", "null"}} {
			if vat[name] != want {
				t.Errorf("%s: vatRegistered/incumbentHasSameVatStatus %v, want %v", name, vat[name], want)
			}
		}
		// The answer names what the substitution is for, so the page can say it and go back.
		if f := list.For; f.BookingID != bookingstest.BookingOf(t, db, sw.Day) || f.PlacementID != sw.Day || f.PlacementTitle != "Shift 1" ||
			f.Date != bookingstest.SubDate || f.InstructionID != sw.Incumbent || f.UserID != sw.Users["Reid"] || f.FullName == "" || f.BookingTitle == "" {
			t.Errorf("for %+v", f)
		}
		if it := list.Items[0]; it.UserID != sw.Users["Able"] || it.User.FullName != "A Able" || it.User.Email != "Able@sub.test" {
			t.Errorf("first item %+v", it)
		}

		// The night shift has no accepted instruction yet: the caller must choose one.
		night := fmt.Sprintf("/placement/%d/available-substitutes", sw.Night)
		bookingstest.WantMessage(t, s.As(apptest.DeptMgr).Do("GET", night, nil), 422, substitution.MsgChooseIncumbent)
		// An incumbent whose VAT status is unknown makes every comparison unknown.
		bookingstest.Grant(t, s, sw.Night, sw.Users["Carter"])
		carter := bookingstest.InstructionID(t, db, sw.Night, sw.Users["Carter"])
		s.As(apptest.DeptMgr).Do("GET", fmt.Sprintf("%s?instructionId=%d", night, carter), nil).Want(200).Decode(&list)
		for _, it := range list.Items {
			if it.IncumbentHasSameVatStatus != nil {
				t.Errorf("%s compared with an unknown VAT status: %v", it.User.LastName, *it.IncumbentHasSameVatStatus)
			}
		}
		// An instruction of another placement is not this placement's incumbent.
		bookingstest.WantMessage(t, s.As(apptest.DeptMgr).Do("GET", fmt.Sprintf("%s?instructionId=%d", night, sw.Incumbent), nil),
			422, bookings.MsgIncumbentElsewhere)
	})
}

func TestSubstitutionPermissionsAndRefusals(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.BuildSubWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sw bookingstest.SubWorld) {
		day := fmt.Sprintf("/placement/%d/available-substitutes", sw.Day)
		bookingstest.Grant(t, s, sw.Night, sw.Users["Carter"])
		hill := bookingstest.InstructionID(t, db, sw.Day, sw.Users["Hill"])
		carter := bookingstest.InstructionID(t, db, sw.Night, sw.Users["Carter"])
		substitutionOf := func(placement, id int64, users ...int64) (string, any) {
			return fmt.Sprintf("/placement/%d/grant-substitution", placement), map[string]any{"id": id, "userIds": users}
		}

		// Managers and the incumbent freelancer may; others do not learn the placement exists.
		s.Run(t, orgtest.PerRole("available substitutes", "GET", day, nil, 200, 200, 200, 404, 200, 401))
		// A freelancer may not substitute somebody else, here or on a placement they are not on.
		s.As(apptest.Freelancer).Do("GET", fmt.Sprintf("%s?instructionId=%d", day, hill), nil).WantError(404, "N-404")
		path, body := substitutionOf(sw.Night, carter, sw.Users["Able"])
		s.As(apptest.Freelancer).Do("GET", fmt.Sprintf("/placement/%d/available-substitutes?instructionId=%d", sw.Night, carter), nil).
			WantError(404, "N-404")
		s.As(apptest.Freelancer).Do("POST", path, body).WantError(404, "N-404")
		// Someone who sees the department but does not manage it is refused outright.
		orgtest.LinkDepartment(t, db, w.Users["staff"], w.DeptA1, false, false, true)
		s.As(apptest.Staff).Do("GET", day, nil).WantError(403, "A-102")
		s.As(apptest.Staff).Do("POST", path, body).WantError(403, "A-102")

		// The other booking does not allow substitution.
		bookingstest.Grant(t, s, sw.OtherNight, sw.Users["Able"])
		other := bookingstest.InstructionID(t, db, sw.OtherNight, sw.Users["Able"])
		bookingstest.WantMessage(t, s.As(apptest.DeptMgr).Do("GET", fmt.Sprintf("/placement/%d/available-substitutes?instructionId=%d",
			sw.OtherNight, other), nil), 422, bookings.MsgNoSubstitution)
		path, body = substitutionOf(sw.OtherNight, other, sw.Users["Baker"])
		bookingstest.WantMessage(t, s.As(apptest.DeptMgr).Do("POST", path, body), 422, bookings.MsgNoSubstitution)

		// Exactly one substitute, who must be free and bookable.
		path, body = substitutionOf(sw.Day, sw.Incumbent, sw.Users["Able"], sw.Users["Baker"])
		bookingstest.WantMessage(t, s.As(apptest.DeptMgr).Do("POST", path, body), 422, substitution.MsgOneSubstitute)
		for _, name := range []string{"Dunn", "Gray", "Hill", "Irwin", "Jones", "Reid"} {
			path, body = substitutionOf(sw.Day, sw.Incumbent, sw.Users[name])
			bookingstest.WantMessage(t, s.As(apptest.DeptMgr).Do("POST", path, body), 409, substitution.MsgSubstituteNotFree)
		}
		// Nothing was written by the refusals.
		if n := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM instructions WHERE substitution_of_id IS NOT NULL
			OR supplier_status = 'cancelled'`); n != 0 {
			t.Errorf("%d instructions changed by refused substitutions", n)
		}
	})
}

func TestGrantSubstitutionLinksTheSubstituteAndCancelsTheIncumbent(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.BuildSubWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sw bookingstest.SubWorld) {
		path := fmt.Sprintf("/placement/%d/grant-substitution", sw.Day)

		// The incumbent freelancer finds their own replacement (no id: their accepted instruction).
		var res substitution.SubstitutionResult
		s.As(apptest.Freelancer).Do("POST", path, map[string]any{"userIds": []int64{sw.Users["Baker"]}}).Want(200).Decode(&res)
		in := res.Instruction
		if res.Inserted != 1 || in == nil || in.UserID != sw.Users["Baker"] || in.SubstitutionOfID == nil ||
			*in.SubstitutionOfID != sw.Incumbent || in.SupplierStatus != "awaiting_response" || in.ClientStatus != "awaiting_response" {
			t.Fatalf("substitution result %+v %+v", res, in)
		}

		b := bookingstest.BookingAs(t, s, apptest.DeptMgr, bookingstest.BookingOf(t, db, sw.Day))
		byID := map[int64]bookingstest.Instruction{}
		for _, p := range b.Placements {
			for _, i := range p.Instructions {
				byID[i.ID] = i
			}
		}
		old, sub := byID[sw.Incumbent], byID[in.ID]
		if old.SupplierStatus != "cancelled" || old.PreviousSupplierStatus == nil || *old.PreviousSupplierStatus != "accepted" ||
			old.CancellationReason != bookings.SubstitutedReason || old.ClientStatus != "awaiting_response" || old.Version != 3 {
			t.Errorf("incumbent after substitution %+v", old)
		}
		if sub.SubstitutionOfID == nil || *sub.SubstitutionOfID != sw.Incumbent || sub.UserID != sw.Users["Baker"] || sub.Version != 1 {
			t.Errorf("substitute in the booking view %+v", sub)
		}

		// One event and one audit row per change, in the same transaction.
		ctx := context.Background()
		var kinds []string
		if err := db.Select(ctx, &kinds, `SELECT kind FROM booking_events WHERE instruction_id IN (?, ?) ORDER BY id`,
			sw.Incumbent, in.ID); err != nil {
			t.Fatal(err)
		}
		if want := "instruction.granted,instruction.status_changed,instruction.substituted,instruction.status_changed"; strings.Join(kinds, ",") != want {
			t.Errorf("events %v, want %s", kinds, want)
		}
		bookingstest.EveryInstructionChangeAudited(t, db)

		// The incumbent is cancelled now: substituting it again is a conflict.
		s.As(apptest.DeptMgr).Do("POST", path, map[string]any{"id": sw.Incumbent, "userIds": []int64{sw.Users["Able"]}}).
			WantError(409, "C-409")
	})
}

func TestParallelSubstitutionsOfOneIncumbentMakeOneSubstitute(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.BuildSubWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sw bookingstest.SubWorld) {
		path := fmt.Sprintf("/placement/%d/grant-substitution", sw.Day)
		substitutes := []int64{sw.Users["Able"], sw.Users["Baker"], sw.Users["Carter"], sw.Users["Fox"]}
		statuses := make([]int, len(substitutes))
		bookingstest.AtOnce(len(substitutes), func(i int) {
			statuses[i] = s.As(apptest.DeptMgr).Do("POST", path, map[string]any{"id": sw.Incumbent, "userIds": []int64{substitutes[i]}}).Status
		})
		slices.Sort(statuses)
		if fmt.Sprint(statuses) != "[200 409 409 409]" {
			t.Errorf("statuses %v, want one 200 and the rest 409", statuses)
		}
		if linked := databasetest.Get[int](t, db, `SELECT COUNT(*) FROM instructions WHERE substitution_of_id = ?`,
			sw.Incumbent); linked != 1 {
			t.Errorf("%d substitutes of one incumbent, want 1", linked)
		}
	})
}

func subBool(b *bool) string {
	if b == nil {
		return "null"
	}
	return fmt.Sprint(*b)
}

// The substitute takes over the incumbent's rates as amended, not their own rate card, unless
// the manager gives others; a manager's choice is the client's answer, so only the substitute's
// is awaited.
func TestSubstituteTakesOverTheIncumbentsRates(t *testing.T) {
	bookingstest.WithScene(t, bookingstest.BuildSubWorld, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, sw bookingstest.SubWorld) {
		ctx := context.Background()
		var template int64
		if err := db.Get(ctx, &template, `SELECT placement_template_id FROM placements WHERE id = ?`, sw.Day); err != nil {
			t.Fatal(err)
		}
		now := db.Now()
		for _, name := range []string{"Able", "Baker"} {
			databasetest.InsertID(t, db, `INSERT INTO rate_cards (placement_template_id, user_id, buy_rate_minor,
				sell_rate_minor, created_at, updated_at) VALUES (?, ?, 11100, 22200, ?, ?) RETURNING id`,
				template, sw.Users[name], now, now)
		}
		s.As(apptest.Admin).Do("PATCH", "/instruction/rate", map[string]any{"ids": []int64{sw.Incumbent},
			"buyRate":  map[string]any{"rate": 310, "currency": "GBP", "period": "day"},
			"sellRate": map[string]any{"rate": 420.5, "currency": "GBP", "period": "day"}}).Want(200)

		path := fmt.Sprintf("/placement/%d/grant-substitution", sw.Day)
		// Rates are the managers' to set, buy rates the administrators'.
		s.As(apptest.Freelancer).Do("POST", path, map[string]any{"userIds": []int64{sw.Users["Able"]},
			"sellRate": map[string]any{"rate": 1, "currency": "GBP", "period": "day"}}).WantError(403, "A-102")
		s.As(apptest.DeptMgr).Do("POST", path, map[string]any{"id": sw.Incumbent, "userIds": []int64{sw.Users["Able"]},
			"buyRate": map[string]any{"rate": 1, "currency": "GBP", "period": "day"}}).WantError(403, "A-102")

		var res substitution.SubstitutionResult
		s.As(apptest.DeptMgr).Do("POST", path, map[string]any{"id": sw.Incumbent, "userIds": []int64{sw.Users["Able"]}}).
			Want(200).Decode(&res)
		if in := res.Instruction; in == nil || in.SellRate.Rate != 420.5 || in.SupplierStatus != "awaiting_response" ||
			in.ClientStatus != "accepted" {
			t.Fatalf("substitute %+v", res.Instruction)
		}
		rates := func(id int64) (buy, sell int64) {
			var r struct {
				Buy  int64 `db:"buy_rate_minor"`
				Sell int64 `db:"sell_rate_minor"`
			}
			if err := db.Get(ctx, &r, `SELECT buy_rate_minor, sell_rate_minor FROM instructions WHERE id = ?`, id); err != nil {
				t.Fatal(err)
			}
			return r.Buy, r.Sell
		}
		if buy, sell := rates(res.Instruction.ID); buy != 31000 || sell != 42050 {
			t.Errorf("substitute's rates %d / %d, want the incumbent's amended 31000 / 42050", buy, sell)
		}

		// The manager may give the substitute other rates (here Baker replacing Able).
		s.As(apptest.DeptMgr).Do("POST", path, map[string]any{"id": res.Instruction.ID, "userIds": []int64{sw.Users["Baker"]},
			"sellRate": map[string]any{"rate": 500, "currency": "GBP", "period": "day"}}).Want(200).Decode(&res)
		if buy, sell := rates(res.Instruction.ID); buy != 31000 || sell != 50000 {
			t.Errorf("substitute's rates %d / %d, want the buy rate taken over and the sell rate given", buy, sell)
		}
	})
}
