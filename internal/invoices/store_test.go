package invoices_test

import (
	"context"
	"sort"
	"sync"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/invoices"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

func TestIssueOneInvoicePerSupplierClientCurrencyAndPeriod(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		clock := databasetest.StopClock(f.DB)
		clock.Set(mustTime(t, "2027-04-02T09:00:00Z"))
		a, b := f.line("2027-03-02"), f.line("2027-03-03")
		delta := f.line("2027-03-04")
		delta.SupplierLegalEntityID, delta.UserID = f.Delta, f.OtherFreelance
		april := f.line("2027-04-01")
		euro := f.line("2027-03-05")
		euro.Currency = "EUR"
		docs := f.issue(t, a, b, expense(b, "9", 1250), delta, april, euro)
		if got := numbers(docs); got != "SB"+itoa(f.Gamma)+"-00001:54000 SB"+itoa(f.Gamma)+"-00002:109500 SB"+
			itoa(f.Gamma)+"-00003:54000 SB"+itoa(f.Delta)+"-00001:45000 " {
			t.Fatalf("issued %s", got)
		}
		euroDoc, march := docs[0], docs[1]
		if euroDoc.Currency != "EUR" || march.Currency != "GBP" || march.PeriodStart != "2027-03-01" || march.PeriodEnd != "2027-03-31" {
			t.Errorf("groups: %+v / %+v", euroDoc, march)
		}
		// 2 × 450.00 + 12.50 = 912.50 net; VAT 20% = 182.50; total 1095.00.
		if march.NetMinor != 91250 || march.VATMinor != 18250 || march.TotalMinor != 109500 || !march.VATRegistered ||
			march.VATHundredths != 2000 || len(march.Lines) != 3 {
			t.Errorf("march figures: %+v", march)
		}
		if march.IssueDate != "2027-04-02" || march.DueDate != "2027-05-02" || march.Status != invoices.StatusIssued {
			t.Errorf("dates: issued %s due %s %s", march.IssueDate, march.DueDate, march.Status)
		}
		if march.Lines[2].Kind != invoices.LineExpense || march.Lines[2].AmountMinor != 1250 {
			t.Errorf("expense line: %+v", march.Lines[2])
		}
		if p := march.Parties.Supplier; p.Name != "Gamma Camera Ltd" || p.VATNumber != "GB246813579" ||
			p.Bank.SortCode != "202015" || len(p.Address) != 3 {
			t.Errorf("supplier: %+v", p)
		}
		deltaDoc := docs[3]
		if deltaDoc.VATRegistered || deltaDoc.VATMinor != 0 || deltaDoc.Parties.Supplier.Name != "Delta Sound" {
			t.Errorf("a supplier not VAT registered is charged no VAT: %+v", deltaDoc)
		}
		// What was billed is not billed again.
		if again := f.issue(t, a, b, expense(b, "9", 1250), delta, april, euro); len(again) != 0 {
			t.Errorf("issued twice: %s", numbers(again))
		}
	})
}

func TestIssueOnlyForSuppliersThatAgreed(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		sb, err := f.Store.SelfBilling(ctx, f.Gamma)
		if err != nil || !sb.Agreed || sb.Version != 1 || sb.AgreedByName != "Felix Reid" {
			t.Fatalf("agreement %+v %v", sb, err)
		}
		if _, err := f.Store.SetSelfBilling(ctx, f.Gamma, false, 1, f.Freelancer, "Felix Reid"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.Store.SetSelfBilling(ctx, f.Gamma, true, 1, f.Freelancer, "Felix Reid"); apperror.KindOf(err) != apperror.KindConflict {
			t.Errorf("a stale answer: %v", err)
		}
		l := f.line("2027-03-02")
		if docs := f.issue(t, l); len(docs) != 0 {
			t.Fatalf("issued without agreement: %s", numbers(docs))
		}
		if _, err := f.Store.SetSelfBilling(ctx, f.Gamma, true, 2, f.Freelancer, "Felix Reid"); err != nil {
			t.Fatal(err)
		}
		if docs := f.issue(t, l); len(docs) != 1 {
			t.Fatalf("issued after agreement: %s", numbers(docs))
		}
	})
}

// Four issuers at once, each with the same and with its own lines for one supplier: every line
// is billed once, and the supplier's numbers run from 1 with no gap and no duplicate.
func TestConcurrentIssuersNumberWithoutGapsOrDuplicates(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		shared := []invoices.Approved{f.line("2027-01-05"), f.line("2027-02-05"), f.line("2027-03-05")}
		var sets [4][]invoices.Approved
		for i := range sets {
			sets[i] = append([]invoices.Approved{}, shared...)
			for m := range 3 {
				l := f.line("2027-0" + itoa(int64(m+4)) + "-1" + itoa(int64(i)))
				if i%2 == 1 { // a second client for half the issuers
					l.ClientLegalEntityID, l.ClientEntityID = f.W.LegalB, f.W.ClientB
				}
				sets[i] = append(sets[i], l)
			}
		}
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for i := range sets {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = f.Store.Issue(context.Background(), sets[i], monthly, 0)
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("issuer %d: %v", i, err)
			}
		}
		nums := databasetest.Select[int](t, f.DB, `SELECT number FROM invoices WHERE supplier_legal_entity_id = ?
			AND kind = 'invoice' ORDER BY number`, f.Gamma)
		sort.Ints(nums)
		for i, n := range nums {
			if n != i+1 {
				t.Fatalf("numbers %v: a gap or a duplicate at %d", nums, i)
			}
		}
		// The three shared lines once, and each issuer's three own lines.
		billed := databasetest.Select[int64](t, f.DB, `SELECT timesheet_id FROM invoice_lines ORDER BY timesheet_id`)
		want := 3 + 4*3
		if len(billed) != want {
			t.Fatalf("lines billed %d, want %d: %v", len(billed), want, billed)
		}
		for i := 1; i < len(billed); i++ {
			if billed[i] == billed[i-1] {
				t.Fatalf("timesheet %d billed twice", billed[i])
			}
		}
		last := databasetest.Get[int](t, f.DB, `SELECT last_number FROM invoice_sequences WHERE supplier_legal_entity_id = ?
			AND kind = 'invoice'`, f.Gamma)
		if last != len(nums) {
			t.Errorf("counter %d, invoices %d", last, len(nums))
		}
	})
}

func TestPaidAndVoidWithACreditNoteAndNothingElseChanges(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		clock := databasetest.StopClock(f.DB)
		clock.Set(mustTime(t, "2027-04-02T09:00:00Z"))
		l := f.line("2027-03-02")
		docs := f.issue(t, l, f.line("2027-03-09"))
		inv := docs[0]
		allow := func(invoices.Invoice) error { return nil }
		manager := f.W.Users[apptest.Manager]

		if _, err := f.Store.Change(ctx, inv.ID, inv.Version+1, invoices.Change{Status: invoices.StatusPaid, PaidOn: "2027-04-02"},
			allow, manager); apperror.KindOf(err) != apperror.KindConflict {
			t.Errorf("a stale version: %v", err)
		}
		voided, err := f.Store.Change(ctx, inv.ID, inv.Version, invoices.Change{Status: invoices.StatusVoid, Reason: "Wrong rate"},
			allow, manager)
		if err != nil {
			t.Fatal(err)
		}
		if voided.Status != invoices.StatusVoid || voided.VoidReason != "Wrong rate" || voided.CreditNoteID == nil {
			t.Fatalf("voided %+v", voided)
		}
		credit, err := f.Store.Invoice(ctx, *voided.CreditNoteID)
		if err != nil {
			t.Fatal(err)
		}
		if credit.Kind != invoices.KindCreditNote || credit.NumberText != "CN"+itoa(f.Gamma)+"-00001" ||
			credit.TotalMinor != -inv.TotalMinor || credit.VATMinor != -inv.VATMinor || len(credit.Lines) != 2 ||
			credit.CreditForNumber == nil || *credit.CreditForNumber != inv.NumberText {
			t.Errorf("credit note %+v", credit)
		}
		// Neither the void invoice nor its credit note changes again.
		for _, d := range []invoices.Invoice{voided, credit} {
			_, err := f.Store.Change(ctx, d.ID, d.Version, invoices.Change{Status: invoices.StatusPaid, PaidOn: "2027-04-02"}, allow, manager)
			if apperror.KindOf(err) != apperror.KindConflict {
				t.Errorf("%s changed again: %v", d.NumberText, err)
			}
		}
		// The lines of a void invoice can be billed again, under the next number.
		again := f.issue(t, l)
		if len(again) != 1 || again[0].Number != 2 {
			t.Fatalf("reissued %s", numbers(again))
		}
		paid, err := f.Store.Change(ctx, again[0].ID, 1, invoices.Change{Status: invoices.StatusPaid, PaidOn: "2027-04-02"}, allow, manager)
		if err != nil || paid.Status != invoices.StatusPaid || *paid.PaidOn != "2027-04-02" {
			t.Fatalf("paid %+v %v", paid, err)
		}
		// The stored figures and lines are as issued.
		stored, _ := f.Store.Invoice(ctx, inv.ID)
		if stored.TotalMinor != inv.TotalMinor || stored.NumberText != inv.NumberText || len(stored.Lines) != len(inv.Lines) {
			t.Errorf("stored %+v", stored)
		}
	})
}
