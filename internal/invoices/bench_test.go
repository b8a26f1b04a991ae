package invoices_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hive/hive/internal/bookings/bookingbench"
	"github.com/hive/hive/internal/invoices"
	"github.com/hive/hive/internal/platform/benchmetrics"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/timesheets"
)

// benchWorld is the bookingbench data set (200,000 instructions on 50,000 placements from
// 2027-01-04) made invoiceable: each of its 2,000 freelancers runs a company (a supplier legal
// entity, VAT registered, agreed to self-billing), each of its 5 clients has a legal entity, and
// every instruction accepted by both sides (75,000) has an approved timesheet of 8 hours at
// 250.00 a day.
func benchWorld(b *testing.B, db *database.DB) int {
	b.Helper()
	ctx := context.Background()
	var sheets int
	err := db.InTx(ctx, func(tx *database.Tx) error {
		now := tx.Now
		var freelancers, clients []int64
		if err := tx.Select(ctx, &freelancers, `SELECT DISTINCT user_id FROM instructions ORDER BY user_id`); err != nil {
			return err
		}
		if err := tx.Select(ctx, &clients, `SELECT id FROM entities WHERE type = 'client' ORDER BY id`); err != nil {
			return err
		}
		les := func(names []int64, prefix string, vat bool) (map[int64]int64, error) {
			ids, err := database.InsertManyIDs(ctx, tx, "legal_entities", `type, company_name, vat_registered, vat_number,
				address1, address2, address4, bank_name, sort_code, account_number, created_at, updated_at`, len(names),
				func(i int) []any {
					return []any{"uk_private_limited", fmt.Sprintf("%s %d Ltd", prefix, names[i]), vat, "GB123456789",
						"1 Bench Street", "Manchester", "M1 1AA", "Barclays", "202015", "55555555", now, now}
				})
			out := map[int64]int64{}
			for i, id := range ids {
				out[names[i]] = id
			}
			return out, err
		}
		supplier, err := les(freelancers, "Bench Camera", true)
		if err != nil {
			return err
		}
		client, err := les(clients, "Bench Client", true)
		if err != nil {
			return err
		}
		if err := database.InsertMany(ctx, tx, "self_billing_agreements", `legal_entity_id, agreed, agreed_at,
			agreed_by_name, created_at, updated_at`, len(freelancers), func(i int) []any {
			return []any{supplier[freelancers[i]], true, now, "Bench", now, now}
		}); err != nil {
			return err
		}
		var work []struct {
			ID         int64     `db:"id"`
			Booking    int64     `db:"booking_id"`
			Placement  int64     `db:"placement_id"`
			User       int64     `db:"user_id"`
			Department int64     `db:"department_id"`
			Client     int64     `db:"client_id"`
			Date       string    `db:"local_date"`
			Start      time.Time `db:"start_at"`
			End        time.Time `db:"end_at"`
		}
		if err := tx.Select(ctx, &work, `SELECT i.id, i.booking_id, i.placement_id, i.user_id, b.department_id, d.client_id,
			p.local_date, p.start_at, p.end_at FROM instructions i JOIN placements p ON p.id = i.placement_id
			JOIN bookings b ON b.id = i.booking_id JOIN departments d ON d.id = b.department_id
			WHERE i.supplier_status = 'accepted' AND i.client_status = 'accepted' ORDER BY i.id`); err != nil {
			return err
		}
		sheets = len(work)
		return database.InsertMany(ctx, tx, "timesheets", `instruction_id, booking_id, placement_id, user_id, department_id,
			client_entity_id, supplier_legal_entity_id, client_legal_entity_id, job_title, local_date, scheduled_start_at,
			scheduled_end_at, start_at, end_at, rate_minor, rate_period, worked_minutes, base_minor, amount_minor, status,
			approved_at, created_at, updated_at`, len(work), func(i int) []any {
			w := work[i]
			return []any{w.ID, w.Booking, w.Placement, w.User, w.Department, w.Client, supplier[w.User], client[w.Client],
				"Camera", w.Date, w.Start, w.End, w.Start, w.End, 25000, "day", 480, 25000, 25000,
				timesheets.StatusApproved, now, now, now}
		})
	})
	if err != nil {
		b.Fatal(err)
	}
	if err := db.AfterBulkLoad(ctx); err != nil {
		b.Fatal(err)
	}
	return sheets
}

// BenchmarkIssueMonth issues the invoices of a month (February 2027) of the bookingbench data
// set's approved timesheets, every client at once, as the deadlines-free issue path does: the
// approved lines read, grouped and issued, one transaction per invoice. Each iteration starts
// from no invoices (removed untimed). It reports the seconds per month issued, the invoices and
// lines made; then BenchmarkIssueMonth/pdf renders the largest invoice's PDF 100 times an
// iteration (p50/p95).
func BenchmarkIssueMonth(b *testing.B) {
	bookingbench.Engines(b, func(b *testing.B, db *database.DB, _ bookingbench.Data) {
		ctx := context.Background()
		sheets := benchWorld(b, db)
		s := &invoices.Store{DB: db}
		var largest int64
		b.Run("issue", func(b *testing.B) {
			var docs []invoices.Invoice
			var slowest time.Duration
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				if err := db.InTx(ctx, func(tx *database.Tx) error {
					for _, q := range []string{`DELETE FROM invoice_lines`, `DELETE FROM invoices`, `DELETE FROM invoice_sequences`} {
						if _, err := tx.Exec(ctx, q); err != nil {
							return err
						}
					}
					return nil
				}); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				start := time.Now()
				lines, err := timesheets.ApprovedLines(ctx, db, timesheets.LineFilter{StartDate: "2027-02-01", EndDate: "2027-02-28"})
				if err != nil {
					b.Fatal(err)
				}
				docs, err = s.Issue(ctx, invoices.FromTimesheets(lines), func(int64) invoices.Rules { return invoices.DefaultRules }, 0)
				if err != nil {
					b.Fatal(err)
				}
				slowest = max(slowest, time.Since(start))
			}
			b.StopTimer()
			n, most := 0, 0
			for _, d := range docs {
				n += len(d.Lines)
				if len(d.Lines) > most {
					largest, most = d.ID, len(d.Lines)
				}
			}
			b.ReportMetric(slowest.Seconds(), "max-s")
			b.ReportMetric(float64(len(docs)), "invoices")
			b.ReportMetric(float64(n), "lines")
			b.Logf("%d approved timesheets; February: %d invoices, %d lines, slowest issue %.2f s; largest invoice %d lines",
				sheets, len(docs), n, slowest.Seconds(), most)
		})
		b.Run("pdf", func(b *testing.B) {
			full, err := s.Invoice(ctx, largest)
			if err != nil {
				b.Fatal(err)
			}
			took := make([]time.Duration, 0, 100*b.N)
			var size int
			for i := 0; i < 100*b.N; i++ { // 100 renders an iteration, for a p95 worth the name
				var buf bytes.Buffer
				start := time.Now()
				if err := invoices.RenderPDF(&buf, full, "2027-03-15"); err != nil {
					b.Fatal(err)
				}
				took = append(took, time.Since(start))
				size = buf.Len()
			}
			benchmetrics.ReportLatencies(b, took)
			b.ReportMetric(float64(size)/1024, "pdf-KiB")
		})
	})
}
