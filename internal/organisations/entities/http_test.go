package entities_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/organisations/entities"
	"github.com/hive/hive/internal/platform/companieshouse/chfake"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

func TestPermissions(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		c := fmt.Sprintf("/entity/%d", f.Client)
		o := fmt.Sprintf("/entity/%d", f.Other)
		// A body for every role: one new entity of type typ.
		newEntity := func(typ string) func(string) any {
			return func(string) any { return map[string]any{"name": "New " + typ, "type": typ} }
		}
		// Statuses per role, in the order of apptest.Roles: admin, manager, dept, staff,
		// freelancer, anonymous.
		signedIn := []int{200, 200, 200, 200, 200, 401}
		// Visible to admins and the client's manager only; the department manager's link to a
		// department does not show them the client itself.
		viewers := []int{200, 200, 404, 404, 404, 401}
		cases := orgtest.PerRole("list", "GET", "/entity", nil, signedIn...)
		cases = append(cases, orgtest.PerRole("get the client", "GET", c, nil, viewers...)...)
		cases = append(cases, orgtest.PerRole("get the other client", "GET", o, nil, 200, 404, 404, 404, 404, 401)...)
		cases = append(cases, orgtest.PerRole("the client's departments", "GET", c+"/department", nil, viewers...)...)
		cases = append(cases, orgtest.PerRole("the manager's entities", "GET", fmt.Sprintf("/entity/by-user-id/%d", f.Users["manager"]), nil, signedIn...)...)
		cases = append(cases, orgtest.PerRole("create a client", "POST", "/entity", newEntity("client"), 201, 201, 403, 403, 403, 401)...)
		cases = append(cases, orgtest.PerRole("create a supplier", "POST", "/entity", newEntity("supplier"), 201, 201, 403, 403, 403, 401)...)
		cases = append(cases, orgtest.PerRole("create an agency", "POST", "/entity", newEntity("agency"), 201, 403, 403, 403, 403, 401)...)
		cases = append(cases, orgtest.PerRole("create a base", "POST", "/entity", newEntity("base"), 201, 403, 403, 403, 403, 401)...)
		cases = append(cases, orgtest.PerRole("validate an IBAN", "POST", "/entity/validate-iban",
			func(string) any { return map[string]any{"iban": "GB82WEST12345698765432"} }, signedIn...)...)
		cases = append(cases, orgtest.PerRole("validate a company number", "POST", "/entity/validate-company-number",
			func(string) any { return map[string]any{"companyNumber": "SC123456"} }, signedIn...)...)
		f.S.Run(t, cases)
		// Writes, one role at a time with a fresh version each.
		orgtest.RunInTurn(t, f.S, "rename", "PATCH", c, func(role string) any {
			return map[string]any{"name": "Northern " + role, "version": f.version(t, f.Client)}
		}, 200, 200, 404, 404, 404, 401)
		// A viewer (select-only link) sees but may not change.
		f.link(t, "staff", f.Client, false)
		f.S.Run(t, []apptest.Case{
			{As: "staff", Method: "GET", Path: c, Status: 200},
			{As: "staff", Method: "GET", Path: c + "/department", Status: 200},
			{As: "staff", Method: "PATCH", Path: c, Body: map[string]any{"name": "x", "version": f.version(t, f.Client)}, Status: 403},
		})
	})
}

func TestCreateLinksCreatorAndLists(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		m := f.S.As("manager")
		var e entities.EntityView
		m.Do("POST", "/entity", map[string]any{"name": "  Riverside Crew Hire ", "type": "supplier", "email": " hire@riverside.test ",
			"cancelWindowDays": 3}).Want(201).Decode(&e)
		if e.Name != "Riverside Crew Hire" || e.Type != "supplier" || e.TypeLabel != "Supplier" || e.Country != "GB" ||
			e.Timezone != "Europe/London" || e.Email != "hire@riverside.test" || e.CancelWindowDays != 3 || e.Version != 1 {
			t.Fatalf("created %+v", e)
		}
		// The creator manages what they made, at once.
		m.Do("GET", fmt.Sprintf("/entity/%d", e.ID), nil).Want(200)
		m.Do("PATCH", fmt.Sprintf("/entity/%d", e.ID), map[string]any{"cancelWindowDays": 5, "version": 1}).Want(200)
		var mine []struct {
			ID        int64  `json:"id"`
			Name      string `json:"name"`
			CanManage bool   `json:"can_manage"`
		}
		m.Do("GET", fmt.Sprintf("/entity/by-user-id/%d", f.Users["manager"]), nil).Want(200).Decode(&mine)
		if len(mine) != 2 || mine[0].Name != "Northern Broadcasting" || !mine[0].CanManage || mine[1].ID != e.ID || !mine[1].CanManage {
			t.Fatalf("by user %+v", mine)
		}
		// Others see only the links to entities they may see themselves.
		f.S.As("staff").Do("GET", fmt.Sprintf("/entity/by-user-id/%d", f.Users["manager"]), nil).Want(200).Decode(&mine)
		if len(mine) != 0 {
			t.Fatalf("staff sees %+v", mine)
		}
		// An administrator's entity gets no link (they manage everything anyway).
		f.S.As("admin").Do("POST", "/entity", map[string]any{"name": "Hive Base", "type": "base"}).Want(201)
		f.S.As("admin").Do("GET", fmt.Sprintf("/entity/by-user-id/%d", f.Users["admin"]), nil).Want(200).Decode(&mine)
		if len(mine) != 0 {
			t.Fatalf("admin links %+v", mine)
		}

		// The grid: visible entities only, paged, sorted, filtered.
		var p entities.EntityPage
		m.Do("GET", "/entity", nil).Want(200).Decode(&p)
		if p.Total != 2 || len(p.Items) != 2 || p.Items[0].Name != "Northern Broadcasting" {
			t.Fatalf("manager grid %+v", p)
		}
		a := f.S.As("admin")
		a.Do("GET", "/entity?pageSize=2&sort=-name", nil).Want(200).Decode(&p)
		if p.Total != 4 || len(p.Items) != 2 || p.Items[0].Name != "Southern Television" || p.Items[1].Name != "Riverside Crew Hire" {
			t.Fatalf("admin grid %+v", p)
		}
		a.Do("GET", "/entity?page=2&pageSize=2&sort=-name", nil).Want(200).Decode(&p)
		if p.Total != 4 || len(p.Items) != 2 || p.Items[1].Name != "Hive Base" {
			t.Fatalf("page 2 %+v", p)
		}
		a.Do("GET", "/entity?page=9", nil).Want(200).Decode(&p)
		if p.Total != 4 || len(p.Items) != 0 {
			t.Fatalf("past the end %+v", p)
		}
		a.Do("GET", "/entity?name=ERN&type=client&sort=id", nil).Want(200).Decode(&p)
		if p.Total != 2 || p.Items[0].ID != f.Client || p.Items[1].ID != f.Other {
			t.Fatalf("filtered %+v", p)
		}
		a.Do("GET", "/entity?name=%25", nil).Want(200).Decode(&p)
		if p.Total != 4 {
			t.Fatalf("%% is literal-free: %+v", p)
		}
		a.Do("GET", "/entity?sort=email", nil).Want(422)
		f.S.As("staff").Do("GET", "/entity", nil).Want(200).Decode(&p)
		if p.Total != 0 || p.Items == nil {
			t.Fatalf("staff grid %+v", p)
		}

		// Departments of a client.
		var deps []struct {
			ID       int64  `json:"id"`
			Name     string `json:"name"`
			ClientID int64  `json:"clientId"`
			Timezone string `json:"timezone"`
		}
		m.Do("GET", fmt.Sprintf("/entity/%d/department", f.Client), nil).Want(200).Decode(&deps)
		if len(deps) != 1 || deps[0].ID != f.Dept || deps[0].ClientID != f.Client || deps[0].Timezone != "Europe/London" {
			t.Fatalf("departments %+v", deps)
		}
		a.Do("GET", "/entity/999999/department", nil).Want(404)
		a.Do("GET", "/entity/999999", nil).Want(404)
	})
}

func TestValidation(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		a := f.S.As("admin")
		cases := []struct {
			body       map[string]any
			field, msg string
		}{
			{map[string]any{"type": "client"}, "name", "This field is required"},
			{map[string]any{"name": "   ", "type": "client"}, "name", "This field is required"},
			{map[string]any{"name": "X"}, "type", "This field is required"},
			{map[string]any{"name": "X", "type": "client", "email": "not-an-address"}, "email", "Invalid email address"},
			{map[string]any{"name": "X", "type": "client", "timezone": "Mars/Olympus"}, "timezone", "Unknown time zone."},
			{map[string]any{"name": "X", "type": "client", "timezone": ""}, "timezone", "Timezone is required. It is used by the product to determine bookings."},
			{map[string]any{"name": "X", "type": "client", "country": ""}, "country", "Country is required."},
			{map[string]any{"name": "X", "type": "client", "country": "GBR"}, "country", "Use a two-letter country code such as GB."},
			{map[string]any{"name": "X", "type": "client", "cancelWindowDays": -1}, "cancelWindowDays", "Enter a whole number of days, 0 or more."},
		}
		for _, c := range cases {
			var d apptest.Problem
			a.Do("POST", "/entity", c.body).Want(422).Decode(&d)
			if got := d.Msg(c.field); got != c.msg {
				t.Errorf("%v: %s = %q, want %q (%+v)", c.body, c.field, got, c.msg, d)
			}
		}
		// Schema-level refusals: a fraction of a day, an unknown type, an unknown field.
		a.Do("POST", "/entity", map[string]any{"name": "X", "type": "client", "cancelWindowDays": 1.5}).Want(422)
		a.Do("POST", "/entity", map[string]any{"name": "X", "type": "broadcaster"}).Want(422)
		a.Do("POST", "/entity", map[string]any{"name": "X", "type": "client", "colour": "red"}).Want(422)
		// Nothing half-written.
		var n int
		if err := f.DB.Get(context.Background(), &n, `SELECT COUNT(*) FROM entities`); err != nil || n != 2 {
			t.Fatalf("entities %d %v", n, err)
		}
		// An empty email is fine and a valid zone is kept.
		var e entities.EntityView
		a.Do("POST", "/entity", map[string]any{"name": "Dublin Desk", "type": "agency", "email": "", "country": "ie",
			"timezone": "Europe/Dublin"}).Want(201).Decode(&e)
		if e.Country != "IE" || e.Timezone != "Europe/Dublin" || e.Email != "" || e.TypeLabel != "Agency" {
			t.Fatalf("%+v", e)
		}
	})
}

func TestUpdateRules(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		m := f.S.As("manager")
		path := fmt.Sprintf("/entity/%d", f.Client)
		// Type locked.
		var d apptest.Problem
		m.Do("PATCH", path, map[string]any{"type": "supplier", "version": 1}).Want(422).Decode(&d)
		if d.Msg("type") != "The entity type cannot be changed once set." {
			t.Fatalf("%+v", d)
		}
		// Sending the same type is fine (forms send every field).
		var e entities.EntityView
		m.Do("PATCH", path, map[string]any{"type": "client", "name": "Northern Broadcasting Ltd", "email": "ops@northern.test",
			"version": 1}).Want(200).Decode(&e)
		if e.Version != 2 || e.Name != "Northern Broadcasting Ltd" || e.Email != "ops@northern.test" {
			t.Fatalf("%+v", e)
		}
		// Stale version.
		m.Do("PATCH", path, map[string]any{"name": "Lost update", "version": 1}).WantError(http.StatusConflict, "C-409")
		m.Do("PATCH", path, map[string]any{"name": "", "version": 2}).Want(422).Decode(&d)
		if d.Msg("name") != "This field is required" {
			t.Fatalf("%+v", d)
		}
		m.Do("PATCH", path, map[string]any{"name": "x"}).Want(422) // version required

		// Preferred legal entity: must be linked; only client/agency managers and admins.
		ctx := context.Background()
		var linked, unlinked int64
		err := f.DB.InTx(ctx, func(tx *database.Tx) error {
			for _, id := range []*int64{&linked, &unlinked} {
				if err := tx.Get(ctx, id, `INSERT INTO legal_entities (type, company_name, created_at, updated_at)
					VALUES ('uk_private_limited', 'Northern Ltd', ?, ?) RETURNING id`, tx.Now, tx.Now); err != nil {
					return err
				}
			}
			_, err := tx.Exec(ctx, `INSERT INTO entity_legal_entity_refs (entity_id, legal_entity_id, created_at, updated_at)
				VALUES (?, ?, ?, ?)`, f.Client, linked, tx.Now, tx.Now)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		m.Do("PATCH", path, map[string]any{"preferredLegalEntityId": unlinked, "version": 2}).Want(422).Decode(&d)
		if d.Msg("preferredLegalEntityId") != "Choose a legal entity connected to this entity." {
			t.Fatalf("%+v", d)
		}
		m.Do("PATCH", path, map[string]any{"preferredLegalEntityId": linked, "version": 2}).Want(200).Decode(&e)
		if e.PreferredLegalEntityID == nil || *e.PreferredLegalEntityID != linked {
			t.Fatalf("%+v", e)
		}
		m.Do("PATCH", path, map[string]any{"preferredLegalEntityId": 0, "version": 3}).Want(200).Decode(&e)
		if e.PreferredLegalEntityID != nil {
			t.Fatalf("not cleared %+v", e)
		}
		// A supplier's manager may edit it but not its preferred legal entity.
		var sup entities.EntityView
		m.Do("POST", "/entity", map[string]any{"name": "Kit Supplier", "type": "supplier"}).Want(201).Decode(&sup)
		err = f.DB.InTx(ctx, func(tx *database.Tx) error {
			_, err := tx.Exec(ctx, `INSERT INTO entity_legal_entity_refs (entity_id, legal_entity_id, created_at, updated_at)
				VALUES (?, ?, ?, ?)`, sup.ID, linked, tx.Now, tx.Now)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		sp := fmt.Sprintf("/entity/%d", sup.ID)
		m.Do("PATCH", sp, map[string]any{"preferredLegalEntityId": linked, "version": 1}).WantError(http.StatusForbidden, "A-102")
		m.Do("PATCH", sp, map[string]any{"preferredLegalEntityId": 0, "name": "Kit Supplier Ltd", "version": 1}).Want(200)
		f.S.As("admin").Do("PATCH", sp, map[string]any{"preferredLegalEntityId": linked, "version": 2}).Want(200)
	})
}

func TestAuditRows(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		m := f.S.As("manager")
		var e entities.EntityView
		m.Do("POST", "/entity", map[string]any{"name": "Audited", "type": "client"}).Want(201).Decode(&e)
		m.Do("PATCH", fmt.Sprintf("/entity/%d", e.ID), map[string]any{"name": "Audited Again", "version": 1}).Want(200)
		var rows []struct {
			Action string `db:"hive_action"`
			Row    string `db:"row_json"`
			UserID int64  `db:"hive_user_id"`
		}
		if err := f.DB.Select(context.Background(), &rows, `SELECT hive_action, row_json, hive_user_id FROM audit_log
			WHERE hive_source = 'entity' AND record_id = ? ORDER BY id`, e.ID); err != nil {
			t.Fatal(err)
		}
		if len(rows) != 2 || rows[0].Action != "INSERT" || rows[1].Action != "UPDATE" ||
			!strings.Contains(rows[1].Row, `"Audited Again"`) || rows[0].UserID != f.Users["manager"] {
			t.Fatalf("audit %+v", rows)
		}
	})
}

func TestValidateIBAN(t *testing.T) {
	f := setup(t, databasetest.SQLite(t))
	c := f.S.As("staff")
	var r struct {
		CountryCode, BankCode, BranchCode, AccountCode, BankName, Reason string
		IsValid                                                          bool
		BankDetails                                                      entities.BankDetails
	}
	c.Do("POST", "/entity/validate-iban", map[string]any{"iban": "gb29 nwbk 6016 1331 9268 19"}).Want(200).Decode(&r)
	if !r.IsValid || r.CountryCode != "GB" || r.BankCode != "NWBK" || r.BranchCode != "601613" || r.AccountCode != "31926819" ||
		r.BankName != "NatWest" {
		t.Fatalf("%+v", r)
	}
	// The form's fields: a UK sort code and account number, no branch code.
	if want := (entities.BankDetails{SortCode: "60-16-13", AccountNumber: "31926819", BankName: "NatWest", BankCountryCode: "GB"}); r.BankDetails != want {
		t.Fatalf("bank details %+v, want %+v", r.BankDetails, want)
	}
	c.Do("POST", "/entity/validate-iban", map[string]any{"iban": "GB29NWBK60161331926818"}).Want(200).Decode(&r)
	if r.IsValid || r.Reason != "checksum" {
		t.Fatalf("%+v", r)
	}
	var d apptest.Problem
	c.Do("POST", "/entity/validate-iban", map[string]any{"iban": "  "}).Want(422).Decode(&d)
	if d.Msg("iban") != "Enter an IBAN." {
		t.Fatalf("%+v", d)
	}
}

type company struct {
	CompanyName             string `json:"companyName"`
	CompanyNumber           string `json:"companyNumber"`
	CompanyStatus           string `json:"companyStatus"`
	Type                    string `json:"type"`
	RegisteredOfficeAddress struct {
		AddressLine1, AddressLine2, PoBox, Locality, Country, PostalCode, CareOf string
	} `json:"registeredOfficeAddress"`
	SicCodes         []string `json:"sicCodes"`
	DateOfCreation   string   `json:"dateOfCreation"`
	HasCharges       bool     `json:"hasCharges"`
	IsValid          bool     `json:"isValid"`
	LookupConfigured bool     `json:"lookupConfigured"`
	Message          string   `json:"message"`
}

func TestValidateCompanyNumberFormatOnly(t *testing.T) {
	f := setup(t, databasetest.SQLite(t))
	c := f.S.As("freelancer")
	var r company
	c.Do("POST", "/entity/validate-company-number", map[string]any{"companyNumber": "1234567"}).Want(200).Decode(&r)
	if !r.IsValid || r.LookupConfigured || r.CompanyNumber != "01234567" ||
		r.Message != "Company lookup is not configured; only the number's format was checked." {
		t.Fatalf("%+v", r)
	}
	c.Do("POST", "/entity/validate-company-number", map[string]any{"companyNumber": "XY12"}).Want(200).Decode(&r)
	if r.IsValid || r.LookupConfigured || !strings.HasSuffix(r.Message, "only the number's format was checked.") {
		t.Fatalf("%+v", r)
	}
	c.Do("POST", "/entity/validate-company-number", map[string]any{"companyNumber": ""}).Want(422)
}

func TestValidateCompanyNumberLookup(t *testing.T) {
	fake := chfake.Start(t)
	f := setup(t, databasetest.SQLite(t), func(c *config.Config) {
		c.CompaniesHouseAPIKey, c.CompaniesHouseURL = chfake.Key, fake.URL
	})
	c := f.S.As("manager")
	var r company
	c.Do("POST", "/entity/validate-company-number", map[string]any{"companyNumber": "9876543"}).Want(200).Decode(&r)
	a := r.RegisteredOfficeAddress
	if !r.IsValid || !r.LookupConfigured || r.CompanyName != "NORTHERN LIGHTS BROADCAST SERVICES LIMITED" ||
		r.CompanyNumber != "09876543" || r.CompanyStatus != "active" || r.Type != "ltd" || r.DateOfCreation != "2015-11-02" ||
		!r.HasCharges || len(r.SicCodes) != 2 || a.AddressLine1 != "Media City UK" || a.PostalCode != "M50 2ST" ||
		a.Locality != "Salford" || a.CareOf != "Company Secretary" || a.PoBox != "PO Box 123" {
		t.Fatalf("%+v", r)
	}
	c.Do("POST", "/entity/validate-company-number", map[string]any{"companyNumber": "sc412345"}).Want(200).Decode(&r)
	if !r.IsValid || r.CompanyStatus != "dissolved" {
		t.Fatalf("%+v", r)
	}
	c.Do("POST", "/entity/validate-company-number", map[string]any{"companyNumber": "01234567"}).Want(200).Decode(&r)
	if r.IsValid || !r.LookupConfigured || r.CompanyName != "" {
		t.Fatalf("%+v", r)
	}
	c.Do("POST", "/entity/validate-company-number", map[string]any{"companyNumber": "ABCDEFGH"}).Want(200).Decode(&r)
	if r.IsValid || !r.LookupConfigured {
		t.Fatalf("%+v", r)
	}
	c.Do("POST", "/entity/validate-company-number", map[string]any{"companyNumber": chfake.Broken}).WantError(500, "S-500")
}
