package invoices_test

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/invoices"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

type view struct {
	ID           int64   `json:"id"`
	Number       string  `json:"number"`
	Status       string  `json:"status"`
	Overdue      bool    `json:"overdue"`
	PaidOn       *string `json:"paidOn"`
	CanChange    bool    `json:"canChange"`
	CreditNoteID *int64  `json:"creditNoteId"`
	Version      int     `json:"version"`
	TotalMinor   int64   `json:"totalMinor"`
	Lines        []struct {
		Hours float64 `json:"hours"`
	} `json:"lines"`
}

type page struct {
	Items  []view                   `json:"items"`
	Total  int                      `json:"total"`
	Totals []invoices.CurrencyTotal `json:"totals"`
}

// Who sees and changes an invoice: its client's manager (and the manager of its department)
// sees and changes it; its freelancer sees it and cannot change it; another client's manager,
// staff and a freelancer it does not bill neither see nor change it.
func TestInvoicePermissions(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		clock := databasetest.StopClock(f.DB)
		clock.Set(mustTime(t, "2027-04-02T09:00:00Z"))
		other := f.line("2027-03-03")
		other.UserID = f.OtherFreelance
		docs := f.issue(t, f.line("2027-03-02"), other)
		id := docs[0].ID
		path := fmt.Sprintf("/invoice/%d", id)
		// Staff becomes a manager of client B: another client's manager.
		orgLinkManager(t, f, f.W.Users[apptest.Staff], f.W.ClientB)
		f.S.Run(t, []apptest.Case{
			{As: apptest.Freelancer, Method: "GET", Path: path, Status: 200},
			{As: apptest.Freelancer, Method: "GET", Path: path + "/pdf", Status: 200},
			{As: apptest.Manager, Method: "GET", Path: path, Status: 200},
			{As: apptest.DeptMgr, Method: "GET", Path: path, Status: 200},
			{Name: "another client's manager cannot see", As: apptest.Staff, Method: "GET", Path: path, Status: 404},
			{Name: "nor read its PDF", As: apptest.Staff, Method: "GET", Path: path + "/pdf", Status: 404},
			{As: apptest.Anonymous, Method: "GET", Path: path, Status: 401},
			{Name: "freelancer may not mark paid", As: apptest.Freelancer, Method: "PATCH", Path: path,
				Body: map[string]any{"status": "paid", "paidOn": "2027-04-02", "version": 1}, Status: 403},
			{Name: "freelancer may not void", As: apptest.Freelancer, Method: "PATCH", Path: path,
				Body: map[string]any{"status": "void", "reason": "mine", "version": 1}, Status: 403},
			{Name: "freelancer may not issue", As: apptest.Freelancer, Method: "POST", Path: "/invoice/issue",
				Body: map[string]any{"clientId": f.W.ClientA, "through": "2027-03-31"}, Status: 404},
			{Name: "another client's manager cannot mark paid", As: apptest.Staff, Method: "PATCH", Path: path,
				Body: map[string]any{"status": "paid", "paidOn": "2027-04-02", "version": 1}, Status: 404},
			{Name: "another client's manager cannot issue for A", As: apptest.Staff, Method: "POST", Path: "/invoice/issue",
				Body: map[string]any{"clientId": f.W.ClientA, "through": "2027-03-31"}, Status: 404},
		})
		var free, other2 page
		f.S.As(apptest.Freelancer).Do("GET", "/invoice", nil).Want(200).Decode(&free)
		if free.Total != 1 || free.Items[0].ID != id || free.Items[0].CanChange {
			t.Errorf("the freelancer's list: %+v", free)
		}
		f.S.As(apptest.Staff).Do("GET", "/invoice", nil).Want(200).Decode(&other2)
		if other2.Total != 0 || len(other2.Totals) != 0 {
			t.Errorf("another client's manager's list: %+v", other2)
		}
		res := f.S.As(apptest.Freelancer).Do("PATCH", path, map[string]any{"status": "paid", "paidOn": "2027-04-02", "version": 1})
		if !strings.Contains(string(res.Body), "permission") {
			t.Errorf("the refusal gives the server's reason: %s", res.Body)
		}
		// The manager marks it paid; the freelancer sees Paid.
		var paid view
		f.S.As(apptest.Manager).Do("PATCH", path, map[string]any{"status": "paid", "paidOn": "2027-04-02", "version": 1}).
			Want(200).Decode(&paid)
		var seen view
		f.S.As(apptest.Freelancer).Do("GET", path, nil).Want(200).Decode(&seen)
		if seen.Status != "paid" || seen.PaidOn == nil || *seen.PaidOn != "2027-04-02" || seen.Version != 2 {
			t.Errorf("the freelancer sees %+v", seen)
		}
	})
}

func orgLinkManager(t *testing.T, f *fixture, user, entity int64) {
	t.Helper()
	databasetest.Exec(t, f.DB, `INSERT INTO user_entity_refs (user_id, entity_id, can_external, can_manage, can_select,
		created_at, updated_at, version) VALUES (?, ?, FALSE, TRUE, TRUE, ?, ?, 1)`, user, entity, f.DB.Now(), f.DB.Now())
}

func TestListFiltersTotalsAndOverdue(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		clock := databasetest.StopClock(f.DB)
		clock.Set(mustTime(t, "2027-04-02T09:00:00Z"))
		euro := f.line("2027-03-05")
		euro.Currency = "EUR"
		docs := f.issue(t, f.line("2027-03-02"), euro, f.line("2027-02-02"))
		clock.Set(mustTime(t, "2027-05-10T09:00:00Z")) // every one is past due
		c := f.S.As(apptest.Manager)
		var all, overdue, gbp page
		c.Do("GET", "/invoice", nil).Want(200).Decode(&all)
		if all.Total != 3 || len(all.Totals) != 2 || all.Totals[1].Currency != "GBP" || all.Totals[1].Total != 108000 ||
			all.Totals[1].Overdue != 108000 || all.Totals[0].Total != 54000 || !all.Items[0].Overdue {
			t.Errorf("all: %+v", all)
		}
		path := fmt.Sprintf("/invoice/%d", docs[1].ID)
		c.Do("PATCH", path, map[string]any{"status": "paid", "paidOn": "2027-05-01", "version": 1}).Want(200)
		c.Do("GET", "/invoice?status=overdue&currency=GBP", nil).Want(200).Decode(&overdue)
		if overdue.Total != 1 || overdue.Totals[0].Outstanding != 54000 {
			t.Errorf("overdue GBP: %+v", overdue)
		}
		c.Do("GET", fmt.Sprintf("/invoice?legalEntityIds=%d&userIds=%d&departmentIds=%d&startDate=2027-04-01&endDate=2027-04-30",
			f.Delta, f.Freelancer, f.W.DeptA1), nil).Want(200).Decode(&gbp)
		if gbp.Total != 0 {
			t.Errorf("Delta's: %+v", gbp)
		}
		c.Do("GET", "/invoice?startDate=April", nil).Want(422)
	})
}

// The PDF's text (pdftotext) carries the JSON's figures: number, dates, parties, VAT, lines,
// totals and bank details.
func TestPDFHasTheFiguresOfTheJSON(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext (poppler-utils) is needed: tools/need-packages pdftotext")
	}
	eachEngine(t, func(t *testing.T, f *fixture) {
		clock := databasetest.StopClock(f.DB)
		clock.Set(mustTime(t, "2027-04-02T09:00:00Z"))
		l := f.line("2027-03-02")
		docs := f.issue(t, l, expense(l, "5", 1250))
		var v struct {
			Number, IssueDate, DueDate     string
			NetMinor, VATMinor, TotalMinor int64
			Supplier, Client               invoices.Party
			Lines                          []struct {
				Description string
				AmountMinor int64
				Hours       float64
			}
		}
		path := fmt.Sprintf("/invoice/%d", docs[0].ID)
		f.S.As(apptest.Freelancer).Do("GET", path, nil).Want(200).Decode(&v)
		res := f.S.As(apptest.Freelancer).Do("GET", path+"/pdf", nil).Want(200)
		if ct := res.Header.Get("Content-Type"); ct != "application/pdf" {
			t.Errorf("content type %q", ct)
		}
		text := pdfText(t, res.Body)
		want := []string{invoices.TitleInvoice + " " + v.Number, "Issue date: " + v.IssueDate, "Due date: " + v.DueDate,
			"Supplier: " + v.Supplier.Name, "Client: " + v.Client.Name, "VAT number: " + v.Supplier.VATNumber,
			"Sort code: " + v.Supplier.Bank.SortCode, "IBAN: " + v.Supplier.Bank.IBAN,
			"GBP " + invoices.Amount(v.NetMinor, "GBP"), "GBP " + invoices.Amount(v.VATMinor, "GBP"),
			"GBP " + invoices.Amount(v.TotalMinor, "GBP"), "VAT at 20%", invoices.VATStatement, invoices.IR35Outside}
		for _, line := range v.Lines {
			want = append(want, line.Description, invoices.Amount(line.AmountMinor, "GBP"))
		}
		want = append(want, "10.00", "450.00/day")
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("the PDF lacks %q:\n%s", w, text)
			}
		}
		if v.TotalMinor != 55500 {
			t.Errorf("total %d", v.TotalMinor)
		}
		// A supplier not VAT registered: the PDF says so.
		d := f.line("2027-03-04")
		d.SupplierLegalEntityID = f.Delta
		delta := f.issue(t, d)
		text = pdfText(t, f.S.As(apptest.Manager).Do("GET", fmt.Sprintf("/invoice/%d/pdf", delta[0].ID), nil).Want(200).Body)
		for _, w := range []string{"Not VAT registered", invoices.MsgNotVATRegistered, "Supplier: Delta Sound"} {
			if !strings.Contains(text, w) {
				t.Errorf("the PDF lacks %q:\n%s", w, text)
			}
		}
	})
}

func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	cmd := exec.Command("pdftotext", "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

func TestSelfBillingChangedOnlyByTheLegalEntitysManagers(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		path := fmt.Sprintf("/legal-entity/%d/self-billing", f.Gamma)
		var sb struct {
			Agreed       bool   `json:"agreed"`
			AgreedByName string `json:"agreedByName"`
			CanChange    bool   `json:"canChange"`
			Version      int    `json:"version"`
		}
		f.S.As(apptest.Freelancer).Do("GET", path, nil).Want(200).Decode(&sb)
		if !sb.Agreed || !sb.CanChange || sb.Version != 1 {
			t.Errorf("the supplier's manager reads %+v", sb)
		}
		f.S.Run(t, []apptest.Case{
			{Name: "a client's manager cannot see the supplier's", As: apptest.Manager, Method: "GET", Path: path, Status: 404},
			{Name: "nor change it", As: apptest.Manager, Method: "PUT", Path: path,
				Body: map[string]any{"agreed": false, "version": 1}, Status: 404},
			{Name: "nor staff", As: apptest.Staff, Method: "PUT", Path: path, Body: map[string]any{"agreed": false, "version": 1},
				Status: 404},
			{Name: "a client's viewer of its own legal entity cannot change it", As: apptest.DeptMgr, Method: "PUT",
				Path: fmt.Sprintf("/legal-entity/%d/self-billing", f.W.LegalA), Body: map[string]any{"agreed": true, "version": 0},
				Status: 404},
		})
		// A viewer of the supplier's entity sees it but may not change it.
		databasetest.Exec(t, f.DB, `INSERT INTO user_entity_refs (user_id, entity_id, can_external, can_manage, can_select,
			created_at, updated_at, version) VALUES (?, ?, FALSE, FALSE, TRUE, ?, ?, 1)`, f.W.Users[apptest.Staff], f.W.Supplier,
			f.DB.Now(), f.DB.Now())
		res := f.S.Login("staff@hive.test").Do("PUT", path, map[string]any{"agreed": false, "version": 1}).Want(403)
		if !strings.Contains(string(res.Body), invoices.MsgSelfBillingOwner) {
			t.Errorf("refusal: %s", res.Body)
		}
		f.S.As(apptest.Freelancer).Do("PUT", path, map[string]any{"agreed": false, "version": 1}).Want(200).Decode(&sb)
		if sb.Agreed || sb.Version != 2 || sb.AgreedByName == "" {
			t.Errorf("withdrawn: %+v", sb)
		}
		f.S.As(apptest.Freelancer).Do("PUT", path, map[string]any{"agreed": true, "version": 1}).Want(409)
	})
}
