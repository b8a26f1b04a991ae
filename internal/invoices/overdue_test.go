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

// An invoice of Gamma's whose lines bill two of its freelancers in two departments of client
// A: once overdue, each freelancer is told as supplier and the managers of both departments as
// client (A1's, A2's, and client A's own, who manages both), each person once, however many
// sweeps run at once.
func TestOverdueInvoiceToldToEveryFreelancerAndDepartmentOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		clk := clock.At(time.Date(2027, 3, 20, 9, 0, 0, 0, time.UTC))
		f.DB.Now = clk.Now
		gus := orgtest.Freelancer(t, f.DB, "gus.gamma@hive.test", "Gus")
		orgtest.LinkEntity(t, f.DB, gus, f.W.Supplier, false, false)
		staff := f.W.Users[apptest.Staff] // manages department A2 here
		orgtest.LinkDepartment(t, f.DB, staff, f.W.DeptA2, false, true, true)
		jt := orgtest.JobTemplateOf(t, f.DB, f.W.DeptA1, "Cup Final", orgtest.Shift{Title: "Camera", Start: "08:00",
			End: "18:00", Buy: 45000, Sell: 50000})
		b := orgtest.Book(t, f.S, apptest.Manager, jt, []string{"2027-03-10"}, f.Freelancer)
		felix1, felix2, gusA2 := f.line("2027-03-02"), f.line("2027-03-03"), f.line("2027-03-04")
		gusA2.UserID, gusA2.DepartmentID = gus, f.W.DeptA2
		for _, l := range []*invoices.Approved{&felix1, &felix2, &gusA2} {
			l.BookingID = b.ID
		}
		docs := f.issue(t, felix1, gusA2, felix2)
		if len(docs) != 1 || len(docs[0].Lines) != 3 {
			t.Fatalf("issued %s: want one invoice of three lines", numbers(docs))
		}

		clk.Set(time.Date(2027, 4, 20, 0, 30, 0, 0, time.UTC))
		var wg sync.WaitGroup
		told := make([]int, 3)
		for i := range told {
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
			t.Fatalf("told %v: want the invoice once", told)
		}
		w := &notifications.Worker{DB: f.DB, BaseURL: f.S.URL, Signer: notifications.NewSigner(""), FoldWindow: -1}
		if _, err := w.DeliverDue(ctx); err != nil {
			t.Fatal(err)
		}
		var got []struct {
			UserID int64  `db:"user_id"`
			Type   string `db:"type"`
		}
		if err := f.DB.Select(ctx, &got, `SELECT user_id, type FROM notifications WHERE type IN (?, ?)
			ORDER BY user_id, type`, notifications.ClientInvoiceOverdue, notifications.SupplierInvoiceOverdue); err != nil {
			t.Fatal(err)
		}
		want := map[int64]string{
			f.Freelancer:               notifications.SupplierInvoiceOverdue,
			gus:                        notifications.SupplierInvoiceOverdue,
			f.W.Users[apptest.Manager]: notifications.ClientInvoiceOverdue,
			f.W.Users[apptest.DeptMgr]: notifications.ClientInvoiceOverdue,
			staff:                      notifications.ClientInvoiceOverdue,
		}
		seen := map[int64]int{}
		for _, n := range got {
			seen[n.UserID]++
			if want[n.UserID] != n.Type {
				t.Errorf("user %d told %s, want %q", n.UserID, n.Type, want[n.UserID])
			}
		}
		for u := range want {
			if seen[u] != 1 {
				t.Errorf("user %d told %d times, want once: %+v", u, seen[u], got)
			}
		}
	})
}
