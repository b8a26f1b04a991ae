package timesheets

import (
	"context"
	"fmt"
	"time"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// The demo's timesheets: Felix's four days of last month's demo booking (bookings demo
// PastReference, "Autumn Fixtures"), one in each status, each step made by whom it would be; and
// the days of the other (InvoicedReference, "Autumn Highlights"), of freelancers whose
// companies agreed to self-billing, all approved, for the invoices demo to invoice.
const (
	demoJob        = "Autumn Fixtures"
	demoBilledJob  = "Autumn Highlights"
	demoFreelancer = "freelancer@hive.test"
	demoManager    = "dept@hive.test" // manages the Sport department
)

// SeedDemo creates Felix's timesheets of ended work and, the first time, leaves the first of
// the demo booking's to fill, submits the second, disputes the third after its submission and
// approves the fourth; then has the billed demo booking's timesheets submitted by their
// freelancers and approved. Safe to run twice: each part acts only while its timesheets are
// all to fill.
func SeedDemo(ctx context.Context, db *database.DB) error {
	manager, err := seedFelix(ctx, db)
	if err != nil || manager == nil {
		return err
	}
	return seedApproved(ctx, db, manager)
}

// seedFelix is SeedDemo's part for Felix's timesheets; it returns the demo manager.
func seedFelix(ctx context.Context, db *database.DB) (*auth.Principal, error) {
	var people []struct {
		ID        int64  `db:"id"`
		Email     string `db:"email_lc"`
		FirstName string `db:"first_name"`
		LastName  string `db:"last_name"`
	}
	if err := db.Select(ctx, &people, `SELECT id, email_lc, first_name, last_name FROM users WHERE email_lc IN (?, ?)`,
		demoFreelancer, demoManager); err != nil {
		return nil, err
	}
	as := map[string]*auth.Principal{}
	for _, p := range people {
		as[p.Email] = &auth.Principal{UserID: p.ID, Email: p.Email, FirstName: p.FirstName, LastName: p.LastName,
			IsFreelancer: p.Email == demoFreelancer}
	}
	felix, manager := as[demoFreelancer], as[demoManager]
	if felix == nil || manager == nil {
		return nil, fmt.Errorf("timesheets demo: the demo users %s and %s", demoFreelancer, demoManager)
	}
	if _, err := CreateDueFor(ctx, db, felix.UserID); err != nil {
		return nil, err
	}
	var sheets []struct {
		ID     int64  `db:"id"`
		Status string `db:"status"`
	}
	if err := db.Select(ctx, &sheets, `SELECT id, status FROM timesheets WHERE user_id = ? AND job_title = ?
		ORDER BY local_date, id`, felix.UserID, demoJob); err != nil {
		return nil, err
	}
	if len(sheets) != 4 {
		return manager, nil // no demo booking of last month (or not confirmed): nothing to show
	}
	for _, s := range sheets {
		if s.Status != StatusToFill {
			return manager, nil // seeded before
		}
	}
	store := &Store{DB: db}
	fctx, mctx := auth.WithPrincipal(ctx, felix), auth.WithPrincipal(ctx, manager)
	// The second: an hour over, with a taxi home, submitted.
	second, err := store.Get(ctx, sheets[1].ID)
	if err != nil {
		return nil, err
	}
	late, taxi, note := LocalTime(second.EndAt.Add(90*time.Minute), second.Timezone), []ExpenseChange{{Description: "Taxi home",
		AmountMinor: 2450, Currency: second.Currency}}, "Kick-off delayed: stayed for the extra time."
	if _, _, err := store.Update(fctx, second.ID, Change{EndTime: &late, Expenses: &taxi, Note: &note,
		Version: second.Version}); err != nil {
		return nil, err
	}
	if _, err := store.Submit(fctx, []int64{sheets[1].ID, sheets[2].ID, sheets[3].ID}, felix.UserID); err != nil {
		return nil, err
	}
	if _, err := store.Dispute(mctx, sheets[2].ID, "The call sheet has you wrapped at 18:00: please correct the end time.",
		manager.UserID); err != nil {
		return nil, err
	}
	_, err = store.Approve(mctx, sheets[3].ID, manager.UserID)
	return manager, err
}

// seedApproved creates the demo freelancers' timesheets of ended work and, the first time, has
// each of the billed demo booking's submitted by its freelancer and approved by manager.
func seedApproved(ctx context.Context, db *database.DB, manager *auth.Principal) error {
	var freelancers []int64
	if err := db.Select(ctx, &freelancers, `SELECT id FROM users WHERE is_freelancer = TRUE ORDER BY id`); err != nil {
		return err
	}
	for _, u := range freelancers {
		if _, err := CreateDueFor(ctx, db, u); err != nil {
			return err
		}
	}
	var sheets []struct {
		ID        int64  `db:"id"`
		Status    string `db:"status"`
		UserID    int64  `db:"user_id"`
		Email     string `db:"email_lc"`
		FirstName string `db:"first_name"`
		LastName  string `db:"last_name"`
	}
	if err := db.Select(ctx, &sheets, `SELECT t.id, t.status, t.user_id, u.email_lc, u.first_name, u.last_name
		FROM timesheets t JOIN users u ON u.id = t.user_id WHERE t.job_title = ? ORDER BY t.local_date, t.id`,
		demoBilledJob); err != nil {
		return err
	}
	for _, s := range sheets {
		if s.Status != StatusToFill {
			return nil // seeded before
		}
	}
	store := &Store{DB: db}
	mctx := auth.WithPrincipal(ctx, manager)
	for _, s := range sheets {
		fctx := auth.WithPrincipal(ctx, &auth.Principal{UserID: s.UserID, Email: s.Email, FirstName: s.FirstName,
			LastName: s.LastName, IsFreelancer: true})
		if _, err := store.Submit(fctx, []int64{s.ID}, s.UserID); err != nil {
			return err
		}
		if _, err := store.Approve(mctx, s.ID, manager.UserID); err != nil {
			return err
		}
	}
	return nil
}
