package audit_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

func TestHistoryIsForAdministratorsOnly(t *testing.T) {
	engines(t, func(t *testing.T, f world) {
		// A booking of another client: manager manages client A only.
		var other bookingView
		f.s.As(apptest.Admin).Do("POST", "/booking", map[string]any{"jobTemplateId": orgtest.JobTemplate(t, f.db, f.w.DeptB1),
			"dates": []string{"2027-03-11"}, "periodType": "custom"}).Want(201).Decode(&other)
		var p page
		f.s.As(apptest.Admin).Do("GET", fmt.Sprintf("/history/booking/%d", f.booking), nil).Want(200).Decode(&p)
		var cases []apptest.Case
		for _, path := range []string{
			fmt.Sprintf("/history/booking/%d", f.booking), // dept manages its department, manager its client
			fmt.Sprintf("/history/booking/%d", other.ID),  // another client's booking for manager and dept
			fmt.Sprintf("/history/user/%d", f.w.Users["freelancer"]),
			fmt.Sprintf("/history/entity/%d", f.w.ClientA),
			fmt.Sprintf("/history/legal-entity/%d", f.w.LegalA),
			fmt.Sprintf("/history/%d", p.Items[0].ID),
		} {
			// admin, manager, dept, staff, freelancer, anonymous
			cases = append(cases, orgtest.PerRole(path, "GET", path, nil, 200, 403, 403, 403, 403, 401)...)
		}
		f.s.Run(t, cases)
	})
}

func TestBookingHistory(t *testing.T) {
	engines(t, func(t *testing.T, f world) {
		admin := f.s.As(apptest.Admin)
		f.s.As(apptest.Freelancer).Do("PATCH", "/instruction/status",
			[]map[string]any{{"id": f.instructions[0], "supplierStatus": "accepted"}}).Want(200)
		// Another booking's entries stay out of this one's history.
		f.s.As(apptest.DeptMgr).Do("POST", "/booking", map[string]any{"jobTemplateId": orgtest.JobTemplate(t, f.db, f.w.DeptA1),
			"dates": []string{"2027-03-12"}, "periodType": "custom"}).Want(201)

		path := fmt.Sprintf("/history/booking/%d", f.booking)
		var p page
		admin.Do("GET", path+"?pageSize=100", nil).Want(200).Decode(&p)
		// The booking, two placements, two offers and the acceptance.
		if p.Total != 6 || len(p.Items) != 6 {
			t.Fatalf("total %d, %d items: %+v", p.Total, len(p.Items), p.Items)
		}
		for i := 1; i < len(p.Items); i++ {
			if p.Items[i].ID >= p.Items[i-1].ID {
				t.Fatalf("not newest first: %+v", p.Items)
			}
		}
		bySource := map[string]int{}
		for _, e := range p.Items {
			bySource[e.HiveSource]++
		}
		if bySource["booking"] != 1 || bySource["placement"] != 2 || bySource["instruction"] != 3 {
			t.Fatalf("sources %v", bySource)
		}
		accepted := p.Items[0]
		freelancer := f.w.Users["freelancer"]
		if accepted.HiveSource != "instruction" || accepted.RecordID != f.instructions[0] || accepted.HiveAction != "UPDATE" ||
			accepted.Version != 2 || accepted.HiveUserID == nil || *accepted.HiveUserID != freelancer ||
			accepted.HiveRole != "freelancer" || accepted.HiveIsAdmin || accepted.HiveTxID == "" || accepted.HiveUserName == "" ||
			accepted.HiveImpersonatorUserID != nil || accepted.Row == nil || accepted.Previous == nil {
			t.Fatalf("acceptance %+v", accepted)
		}
		if accepted.Row["supplierStatus"] != "accepted" || accepted.Previous["supplierStatus"] != "awaiting_response" {
			t.Errorf("acceptance row %v, previous %v", accepted.Row, accepted.Previous)
		}
		// Names rather than ids where the history knows them.
		if !strings.HasPrefix(accepted.RecordName, accepted.HiveUserName+", Shift ") {
			t.Errorf("instruction named %q", accepted.RecordName)
		}
		offer := p.Items[1]
		if offer.HiveAction != "INSERT" || p.Names["userId"][fmt.Sprint(freelancer)] != accepted.HiveUserName ||
			!strings.HasPrefix(p.Names["placementId"][fmt.Sprint(offer.Row["placementId"])], "Shift ") {
			t.Errorf("names %v for %+v", p.Names, offer)
		}
		booking := p.Items[len(p.Items)-1]
		if booking.HiveSource != "booking" || booking.HiveAction != "INSERT" || booking.Version != 1 || booking.Previous != nil ||
			booking.RecordName != "Cup Final" {
			t.Errorf("booking entry %+v", booking)
		}

		// The audit grid's page sizes, and only those.
		var first, second page
		admin.Do("GET", path+"?pageSize=5", nil).Want(200).Decode(&first)
		admin.Do("GET", path+"?pageSize=5&page=2", nil).Want(200).Decode(&second)
		if first.Total != 6 || len(first.Items) != 5 || len(second.Items) != 1 || second.Items[0].ID != booking.ID {
			t.Fatalf("pages %+v / %+v", first, second)
		}
		for _, size := range []int{10, 20, 50, 100} {
			admin.Do("GET", fmt.Sprintf("%s?pageSize=%d", path, size), nil).Want(200)
		}
		admin.Do("GET", path+"?pageSize=7", nil).WantError(422, "V-422")
		admin.Do("GET", path+"?pageSize=500", nil).WantError(422, "V-422")
		admin.Do("GET", "/history/booking/999999", nil).WantError(404, "N-404")

		// One entry by its id is the same entry, version and previous row included.
		var one entry
		admin.Do("GET", fmt.Sprintf("/history/%d", accepted.ID), nil).Want(200).Decode(&one)
		if one.ID != accepted.ID || one.Version != 2 || one.Previous["supplierStatus"] != "awaiting_response" {
			t.Errorf("entry %+v", one)
		}
		admin.Do("GET", "/history/999999", nil).WantError(404, "N-404")
	})
}

func TestEntityAndLegalEntityHistory(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		admin := s.As(apptest.Admin)
		var e struct{ ID int64 }
		admin.Do("POST", "/entity", map[string]any{"name": "Audited Hire", "type": "client"}).Want(201).Decode(&e)
		admin.Do("PATCH", fmt.Sprintf("/entity/%d", e.ID), map[string]any{"name": "Audited Hire Ltd", "version": 1}).Want(200)
		var p page
		admin.Do("GET", fmt.Sprintf("/history/entity/%d", e.ID), nil).Want(200).Decode(&p)
		if p.Total != 2 || p.Items[0].Version != 2 || p.Items[0].Row["name"] != "Audited Hire Ltd" ||
			p.Items[0].Previous["name"] != "Audited Hire" || p.Items[1].HiveAction != "INSERT" || !p.Items[0].HiveIsAdmin {
			t.Fatalf("entity history %+v", p)
		}
		var le struct{ ID int64 }
		admin.Do("POST", "/legal-entity", map[string]any{"entityIds": []int64{e.ID}, "type": "uk_llp",
			"companyName": "Audited LLP", "companyNumber": "OC301234"}).Want(201).Decode(&le)
		admin.Do("GET", fmt.Sprintf("/history/legal-entity/%d", le.ID), nil).Want(200).Decode(&p)
		// The legal entity and its link to the entity, made in one transaction.
		if p.Total != 2 || p.Items[0].HiveTxID != p.Items[1].HiveTxID {
			t.Fatalf("legal entity history %+v", p)
		}
		var created, link entry
		for _, it := range p.Items {
			switch it.HiveSource {
			case "legal_entity":
				created = it
			case "legal_entity_ref":
				link = it
			}
		}
		if created.Row["companyName"] != "Audited LLP" || created.RecordName != "Audited LLP" ||
			p.Names["entityIds"][fmt.Sprint(e.ID)] != "Audited Hire Ltd" {
			t.Errorf("legal entity entry %+v, names %v", created, p.Names)
		}
		if link.HiveAction != "INSERT" || p.Names["entityId"][fmt.Sprint(e.ID)] != "Audited Hire Ltd" ||
			p.Names["legalEntityId"][fmt.Sprint(le.ID)] != "Audited LLP" {
			t.Errorf("link entry %+v, names %v", link, p.Names)
		}
		// The entity's history has the link too; removing it adds its last entry to both.
		admin.Do("DELETE", fmt.Sprintf("/associations/entity-legal-entity-refs/%d", link.RecordID), nil)
		admin.Do("GET", fmt.Sprintf("/history/entity/%d", e.ID), nil).Want(200).Decode(&p)
		if p.Total != 4 || p.Items[0].HiveSource != "legal_entity_ref" || p.Items[0].HiveAction != "DELETE" ||
			p.Items[1].RecordID != link.RecordID {
			t.Fatalf("entity history with its link %+v", p)
		}
		// A record without history is an empty page, not an error.
		admin.Do("GET", "/history/user/999999", nil).Want(200).Decode(&p)
		if p.Total != 0 || p.Items == nil {
			t.Fatalf("empty history %+v", p)
		}
	})
}

func TestHistoryNeverSendsSecrets(t *testing.T) {
	apptest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB) {
		user := orgtest.Users(t, db)["staff"]
		ctx := auth.WithPrincipal(context.Background(), &auth.Principal{UserID: user, FirstName: "Sam"})
		// A writer that (wrongly) put secrets in its row: the history still withholds them.
		err := db.InTx(ctx, func(tx *database.Tx) error {
			return audit.Record(ctx, tx, audit.Update, audit.SourceUser, user, map[string]any{
				"firstName": "Sam", "passwordHash": "SECRET-1", "password_hash": "SECRET-2", "resetToken": "SECRET-3",
				"nested": map[string]any{"clientSecret": "SECRET-4", "label": "kept"},
				"list":   []any{map[string]any{"apiKey": "SECRET-5", "name": "kept too"}},
			})
		})
		if err != nil {
			t.Fatal(err)
		}
		res := s.As(apptest.Admin).Do("GET", fmt.Sprintf("/history/user/%d", user), nil).Want(200)
		body := string(res.Body)
		if strings.Contains(body, "SECRET") || strings.Contains(body, "passwordHash") || strings.Contains(body, "resetToken") {
			t.Fatalf("secret sent: %s", body)
		}
		if !strings.Contains(body, `"firstName":"Sam"`) || !strings.Contains(body, "kept too") {
			t.Fatalf("ordinary fields missing: %s", body)
		}
	})
}

func TestIsSecretKey(t *testing.T) {
	for key, want := range map[string]bool{
		"passwordHash": true, "password_hash": true, "PASSWORD": true, "token": true, "token_hash": true,
		"resetToken": true, "clientSecret": true, "api-key": true, "totp": true, "otpSeed": true,
		"firstName": false, "email": false, "footprint": false, "version": false, "profileImageKey": false,
	} {
		if got := audit.IsSecretKey(key); got != want {
			t.Errorf("IsSecretKey(%q) = %v, want %v", key, got, want)
		}
	}
}
