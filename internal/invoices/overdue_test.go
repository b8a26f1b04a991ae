package invoices_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/invoices"
	"github.com/hive/hive/internal/notifications"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// Three invoices issued on 2027-03-20 (due 2027-04-19): one left issued, one paid, one voided
// with its credit note. Only the issued one is told, once, the day after its due date, to the
// freelancer whose work it bills and to the managers of its department, however many sweeps
// run at once.
func TestOverdueInvoiceToldOnceToBothSidesNeverPaidOrVoid(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		clk := clock.At(time.Date(2027, 3, 20, 9, 0, 0, 0, time.UTC))
		f.DB.Now = clk.Now
		jt := orgtest.JobTemplateOf(t, f.DB, f.W.DeptA1, "Cup Final", orgtest.Shift{Title: "Camera", Start: "08:00",
			End: "18:00", Buy: 45000, Sell: 50000})
		b := orgtest.Book(t, f.S, apptest.Manager, jt, []string{"2027-03-10"}, f.Freelancer)
		var lines []invoices.Approved
		for _, date := range []string{"2027-01-05", "2027-02-05", "2027-03-05"} {
			l := f.line(date)
			l.BookingID = b.ID
			lines = append(lines, l)
		}
		docs := f.issue(t, lines...)
		if len(docs) != 3 || docs[0].DueDate != "2027-04-19" {
			t.Fatalf("issued %s due %s", numbers(docs), docs[0].DueDate)
		}
		allow := func(invoices.Invoice) error { return nil }
		if _, err := f.Store.Change(ctx, docs[1].ID, docs[1].Version, invoices.Change{Status: invoices.StatusPaid,
			PaidOn: "2027-03-20"}, allow, 0); err != nil {
			t.Fatal(err)
		}
		if _, err := f.Store.Change(ctx, docs[2].ID, docs[2].Version, invoices.Change{Status: invoices.StatusVoid,
			Reason: "Wrong month"}, allow, 0); err != nil {
			t.Fatal(err)
		}

		clk.Set(time.Date(2027, 4, 19, 23, 0, 0, 0, time.UTC)) // the due date itself: not overdue yet
		if n, err := invoices.NotifyOverdue(ctx, f.DB); err != nil || n != 0 {
			t.Fatalf("on the due date: told %d, %v", n, err)
		}
		clk.Set(time.Date(2027, 4, 20, 0, 30, 0, 0, time.UTC))
		var wg sync.WaitGroup
		told := make([]int, 3)
		for i := range told { // several nodes sweeping at once
			wg.Add(1)
			go func() {
				defer wg.Done()
				n, err := invoices.NotifyOverdue(ctx, f.DB)
				if err != nil {
					t.Error(err)
				}
				told[i] = n
			}()
		}
		wg.Wait()
		if told[0]+told[1]+told[2] != 1 {
			t.Errorf("told %v: want the issued invoice once", told)
		}
		clk.Set(time.Date(2027, 5, 20, 0, 30, 0, 0, time.UTC))
		if n, err := invoices.NotifyOverdue(ctx, f.DB); err != nil || n != 0 {
			t.Errorf("a month on: told %d again, %v", n, err)
		}
		claimed := databasetest.Select[int64](t, f.DB, `SELECT id FROM invoices WHERE overdue_told_at IS NOT NULL`)
		if len(claimed) != 1 || claimed[0] != docs[0].ID {
			t.Errorf("claimed %v, want only %d", claimed, docs[0].ID)
		}

		w := &notifications.Worker{DB: f.DB, BaseURL: f.S.URL, Signer: notifications.NewSigner(""), FoldWindow: -1}
		if _, err := w.DeliverDue(ctx); err != nil {
			t.Fatal(err)
		}
		var got []struct {
			UserID  int64  `db:"user_id"`
			Type    string `db:"type"`
			Subject string `db:"subject"`
			Body    string `db:"body_text"`
		}
		if err := f.DB.Select(ctx, &got, `SELECT user_id, type, subject, body_text FROM notifications
			WHERE type IN (?, ?) ORDER BY type, user_id`, notifications.ClientInvoiceOverdue,
			notifications.SupplierInvoiceOverdue); err != nil {
			t.Fatal(err)
		}
		managers, freelancers := 0, 0
		for _, n := range got {
			switch {
			case n.Type == notifications.SupplierInvoiceOverdue && n.UserID == f.Freelancer:
				freelancers++
			case n.Type == notifications.ClientInvoiceOverdue && n.UserID != f.Freelancer:
				managers++
			default:
				t.Errorf("unexpected notification %+v", n)
			}
			if !strings.Contains(n.Body, docs[0].NumberText) || !strings.Contains(n.Body, "2027-04-19") {
				t.Errorf("%s does not name invoice %s and its due date: %s", n.Type, docs[0].NumberText, n.Body)
			}
		}
		if freelancers != 1 || managers == 0 {
			t.Errorf("told freelancer %d times, managers %d times: %+v", freelancers, managers, got)
		}
	})
}
