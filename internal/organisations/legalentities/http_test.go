package legalentities_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/organisations/legalentities"
)

func TestPermissions(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		le := fmt.Sprintf("/legal-entity/%d", f.le)
		other := fmt.Sprintf("/legal-entity/%d", f.otherLE)
		body := func(entity int64) map[string]any {
			return map[string]any{"entityIds": []int64{entity}, "type": "uk_private_limited", "companyName": "New Co"}
		}
		// Setting a status on create is for administrators.
		withStatus := body(f.Client)
		withStatus["status"] = "validated"
		forEveryRole := func(b map[string]any) func(string) any { return func(string) any { return b } }
		// Statuses per role, in the order of apptest.Roles: admin, manager, dept, staff,
		// freelancer, anonymous.
		cases := orgtest.PerRole("list", "GET", "/legal-entity", nil, 200, 200, 200, 200, 200, 401)
		cases = append(cases, orgtest.PerRole("get the client's", "GET", le, nil, 200, 200, 404, 404, 404, 401)...)
		cases = append(cases, orgtest.PerRole("get the other client's", "GET", other, nil, 200, 404, 404, 404, 404, 401)...)
		cases = append(cases, orgtest.PerRole("create for the client", "POST", "/legal-entity", forEveryRole(body(f.Client)), 201, 201, 404, 404, 404, 401)...)
		cases = append(cases, orgtest.PerRole("create for the other client", "POST", "/legal-entity", forEveryRole(body(f.Other)), 201, 404, 404, 404, 404, 401)...)
		cases = append(cases, orgtest.PerRole("create with a status", "POST", "/legal-entity", forEveryRole(withStatus), 201, 403, 404, 404, 404, 401)...)
		f.S.Run(t, cases)
		orgtest.RunInTurn(t, f.S, "rename", "PATCH", le, func(role string) any {
			return map[string]any{"companyName": "Northern " + role, "version": f.version(t, f.le)}
		}, 200, 200, 404, 404, 404, 401)
		// Status changes: administrators only.
		orgtest.RunInTurn(t, f.S, "set the status", "PATCH", le, func(role string) any {
			status := "rejected"
			if role == apptest.Admin {
				status = "validated"
			}
			return map[string]any{"status": status, "version": f.version(t, f.le)}
		}, 200, 403, 404, 404, 404, 401)
		// A viewer of a linked entity sees the legal entity but may not change it.
		f.viewer(t, "staff", f.Client)
		f.S.Run(t, []apptest.Case{
			{As: "staff", Method: "GET", Path: le, Status: 200},
			{As: "staff", Method: "PATCH", Path: le, Body: map[string]any{"phone": "1", "version": f.version(t, f.le)}, Status: 403},
			{As: "staff", Method: "POST", Path: "/legal-entity", Body: body(f.Client), Status: 403},
		})
	})
}

func TestStatusAndDetails(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		m, a := f.S.As("manager"), f.S.As("admin")
		var le legalentities.LegalEntityView
		m.Do("POST", "/legal-entity", map[string]any{"entityIds": []int64{f.Client, f.Client}, "type": "uk_sole_trader",
			"niNumber": "ab123456c", "gender": "male", "tradingName": "Morgan Mills Productions", "companyName": "dropped",
			"iban": "GB29 NWBK 6016 1331 9268 19", "vatRegistered": true, "vatNumber": "GB123456789", "vatPct": 17.5}).Want(201).Decode(&le)
		if le.Status != "not_validated" || le.Type != "uk_sole_trader" || le.NINumber != "AB123456C" || le.CompanyName != "" ||
			le.OperatingModel != "Ordinary" || le.Timezone != "Europe/London" || le.Country != "GB" || le.VATPct != 17.5 ||
			le.IBAN != "GB29NWBK60161331926819" || le.BankCountryCode != "GB" || len(le.EntityIDs) != 1 || le.EntityIDs[0] != f.Client {
			t.Fatalf("%+v", le)
		}
		path := fmt.Sprintf("/legal-entity/%d", le.ID)
		// Admin validates: only the status changes, and stays.
		a.Do("PATCH", path, map[string]any{"status": "validated", "version": 1}).Want(200).Decode(&le)
		if le.Status != "validated" || le.Version != 2 {
			t.Fatalf("%+v", le)
		}
		// The manager sends the whole form back unchanged: still validated.
		m.Do("PATCH", path, map[string]any{"status": "validated", "type": "uk_sole_trader", "tradingName": "Morgan Mills Productions",
			"vatPct": 17.5, "version": 2}).Want(200).Decode(&le)
		if le.Status != "validated" {
			t.Fatalf("unchanged form revalidation %+v", le)
		}
		// Any change of details sends it back.
		m.Do("PATCH", path, map[string]any{"tradingName": "Mills Productions", "status": "validated", "version": 3}).Want(200).Decode(&le)
		if le.Status != "not_validated" || le.TradingName != "Mills Productions" {
			t.Fatalf("%+v", le)
		}
		// Also when the admin changes details.
		a.Do("PATCH", path, map[string]any{"status": "validated", "version": 4}).Want(200)
		a.Do("PATCH", path, map[string]any{"phone": "020 7946 0000", "version": 5}).Want(200).Decode(&le)
		if le.Status != "not_validated" {
			t.Fatalf("%+v", le)
		}
		// Admin changes details and status at once: the status given wins.
		a.Do("PATCH", path, map[string]any{"phone": "020 7946 0001", "status": "rejected", "version": 6}).Want(200).Decode(&le)
		if le.Status != "rejected" {
			t.Fatalf("%+v", le)
		}
		// The manager may not move the status.
		m.Do("PATCH", path, map[string]any{"status": "validated", "version": 7}).WantError(http.StatusForbidden, "A-102")
		// Type lock, stale version, invalid IBAN.
		var d apptest.Problem
		m.Do("PATCH", path, map[string]any{"type": "uk_plc", "version": 7}).Want(422).Decode(&d)
		if d.Msg("type") != "The business type cannot be changed once set." {
			t.Fatalf("%+v", d)
		}
		m.Do("PATCH", path, map[string]any{"phone": "1", "version": 3}).WantError(http.StatusConflict, "C-409")
		m.Do("PATCH", path, map[string]any{"iban": "GB29NWBK60161331926818", "version": 7}).Want(422).Decode(&d)
		if d.Msg("iban") != "Invalid IBAN" {
			t.Fatalf("%+v", d)
		}
		m.Do("PATCH", path, map[string]any{"vatNumber": "GB1234567890123", "version": 7}).Want(422).Decode(&d)
		if d.Msg("vatNumber") != "Maximum length is 13 characters" {
			t.Fatalf("%+v", d)
		}
		m.Do("PATCH", path, map[string]any{"vatPct": 20.1, "version": 7}).Want(422).Decode(&d)
		if d.Msg("vatPct") != "Enter a percentage from 0 to 100 in steps of 0.25." {
			t.Fatalf("%+v", d)
		}
		// A rate off the 0.25 steps (12.3) is refused on create as on update.
		m.Do("POST", "/legal-entity", map[string]any{"entityIds": []int64{f.Client}, "type": "uk_plc", "companyName": "Off Step Ltd",
			"vatRegistered": true, "vatNumber": "GB1", "vatPct": 12.3}).Want(422).Decode(&d)
		if d.Msg("vatPct") != legalentities.MsgVATPct {
			t.Fatalf("create at 12.3: %+v", d)
		}
		// Not VAT registered: number cleared, rate back to the default.
		m.Do("PATCH", path, map[string]any{"vatRegistered": false, "version": 7}).Want(200).Decode(&le)
		if le.VATRegistered || le.VATNumber != "" || le.VATPct != 20 || le.Status != "not_validated" {
			t.Fatalf("%+v", le)
		}
	})
}

func TestCreateValidation(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		a := f.S.As("admin")
		cases := []struct {
			body       map[string]any
			field, msg string
		}{
			{map[string]any{"type": "uk_plc", "companyName": "X"}, "entityIds", "Choose at least one entity."},
			{map[string]any{"entityIds": []int64{f.Client}}, "type", "This field is required"},
			{map[string]any{"entityIds": []int64{f.Client}, "type": "uk_llp"}, "companyName", "This field is required"},
			{map[string]any{"entityIds": []int64{f.Client}, "type": "uk_llp", "companyName": "X", "companyNumber": "XX1"}, "companyNumber",
				"A UK company number has 8 characters: 8 digits, or 2 letters and 6 digits."},
			{map[string]any{"entityIds": []int64{f.Client}, "type": "uk_sole_trader", "niNumber": "123"}, "niNumber", "Invalid National Insurance number"},
			{map[string]any{"entityIds": []int64{f.Client}, "type": "uk_plc", "companyName": "X", "vatRegistered": true}, "vatNumber", "This field is required"},
			{map[string]any{"entityIds": []int64{f.Client}, "type": "uk_plc", "companyName": "X", "email": "nope"}, "email", "Invalid email address"},
			{map[string]any{"entityIds": []int64{f.Client}, "type": "uk_plc", "companyName": "X", "iban": "DE00123"}, "iban", "Invalid IBAN"},
			{map[string]any{"entityIds": []int64{f.Client}, "type": "uk_plc", "companyName": "X", "timezone": "Nowhere/Town"}, "timezone", "Unknown time zone."},
			{map[string]any{"entityIds": []int64{999999}, "type": "uk_plc", "companyName": "X"}, "entityIds", "Entity not found"},
		}
		for _, c := range cases {
			var d apptest.Problem
			a.Do("POST", "/legal-entity", c.body).Want(422).Decode(&d)
			if got := d.Msg(c.field); got != c.msg {
				t.Errorf("%v: %s = %q, want %q", c.body, c.field, got, c.msg)
			}
		}
		a.Do("POST", "/legal-entity", map[string]any{"entityIds": []int64{f.Client}, "type": "uk_ltd", "companyName": "X"}).Want(422)
		a.Do("POST", "/legal-entity", map[string]any{"entityIds": []int64{f.Client}, "type": "uk_plc", "companyName": "X",
			"operatingModel": "weird"}).Want(422)
		var n int
		if err := f.DB.Get(context.Background(), &n, `SELECT COUNT(*) FROM legal_entities`); err != nil || n != 2 {
			t.Fatalf("half-written: %d %v", n, err)
		}
		// A user who manages nothing is refused outright, even with an empty list.
		f.S.As("staff").Do("POST", "/legal-entity", map[string]any{"type": "uk_plc"}).Want(403)
	})
}

func TestListAndAudit(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		m, a := f.S.As("manager"), f.S.As("admin")
		var le legalentities.LegalEntityView
		m.Do("POST", "/legal-entity", map[string]any{"entityIds": []int64{f.Client}, "type": "uk_llp", "companyName": "Aardvark Crew LLP",
			"companyNumber": "OC301234"}).Want(201).Decode(&le)
		var p legalentities.LegalEntityPage
		m.Do("GET", "/legal-entity?sort=companyName", nil).Want(200).Decode(&p)
		if p.Total != 2 || p.Items[0].CompanyName != "Aardvark Crew LLP" || p.Items[1].ID != f.le || len(p.Items[1].EntityIDs) != 1 {
			t.Fatalf("%+v", p)
		}
		a.Do("GET", "/legal-entity?pageSize=1&sort=-id", nil).Want(200).Decode(&p)
		if p.Total != 3 || len(p.Items) != 1 || p.Items[0].ID != le.ID {
			t.Fatalf("%+v", p)
		}
		a.Do("GET", "/legal-entity?name=SOUTHERN", nil).Want(200).Decode(&p)
		if p.Total != 1 || p.Items[0].ID != f.otherLE {
			t.Fatalf("%+v", p)
		}
		a.Do("GET", fmt.Sprintf("/legal-entity?entityId=%d&type=uk_llp&status=not_validated", f.Client), nil).Want(200).Decode(&p)
		if p.Total != 1 || p.Items[0].ID != le.ID {
			t.Fatalf("%+v", p)
		}
		f.S.As("staff").Do("GET", "/legal-entity", nil).Want(200).Decode(&p)
		if p.Total != 0 || p.Items == nil {
			t.Fatalf("%+v", p)
		}
		a.Do("GET", "/legal-entity?sort=iban", nil).Want(422)

		m.Do("PATCH", fmt.Sprintf("/legal-entity/%d", le.ID), map[string]any{"phone": "0161 496 0000", "version": 1}).Want(200)
		var rows []struct {
			Source   string `db:"hive_source"`
			Action   string `db:"hive_action"`
			RecordID int64  `db:"record_id"`
			Row      string `db:"row_json"`
			TxID     string `db:"hive_tx_id"`
		}
		if err := f.DB.Select(context.Background(), &rows, `SELECT hive_source, hive_action, record_id, row_json, hive_tx_id FROM audit_log
			WHERE hive_source IN ('legal_entity', 'legal_entity_ref') ORDER BY id`); err != nil {
			t.Fatal(err)
		}
		if len(rows) != 3 || rows[0].Source != "legal_entity_ref" || rows[0].Action != "INSERT" ||
			!strings.Contains(rows[0].Row, fmt.Sprintf(`"legalEntityId":%d`, le.ID)) ||
			rows[1].Source != "legal_entity" || rows[1].Action != "INSERT" || rows[1].RecordID != le.ID || rows[1].TxID != rows[0].TxID ||
			rows[2].Action != "UPDATE" || !strings.Contains(rows[2].Row, "0161 496 0000") {
			t.Fatalf("audit %+v", rows)
		}
	})
}
