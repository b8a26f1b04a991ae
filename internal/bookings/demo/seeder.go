package demo

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/amend"
	"github.com/hive/hive/internal/bookings/create"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// seeder holds what every demo booking needs: the template, the people, and the clock.
type seeder struct {
	db          *database.DB
	store       *bookings.Store
	template    int64
	zone        *time.Location
	now         time.Time
	manager     *auth.Principal
	felix       int64
	others      []int64 // hireable freelancers of the department other than Felix, by id
	byEmail     map[string]int64
	freelancers map[int64]*auth.Principal
}

func newSeeder(ctx context.Context, db *database.DB) (*seeder, error) {
	s := &seeder{db: db, store: &bookings.Store{DB: db}, now: db.Now(), freelancers: map[int64]*auth.Principal{},
		byEmail: map[string]int64{}}
	var jt struct {
		ID         int64  `db:"id"`
		Department int64  `db:"department_id"`
		Timezone   string `db:"timezone"`
	}
	err := db.Get(ctx, &jt, `SELECT jt.id, jt.department_id, d.timezone FROM job_templates jt
		JOIN departments d ON d.id = jt.department_id JOIN entities e ON e.id = d.client_id
		WHERE e.name = 'Northbridge Broadcasting' AND d.name = ? AND jt.title_lc = LOWER(?)`, demoDepartment, demoTemplate)
	if err != nil {
		return nil, fmt.Errorf("job template %q of %s (seed the job template demo first): %w", demoTemplate, demoDepartment, err)
	}
	s.template = jt.ID
	if s.zone, err = time.LoadLocation(jt.Timezone); err != nil {
		return nil, err
	}
	var managerID int64
	if err := db.Get(ctx, &managerID, `SELECT id FROM users WHERE email_lc = ?`, managerEmail); err != nil {
		return nil, fmt.Errorf("demo user %s: %w", managerEmail, err)
	}
	if s.manager, err = principal(ctx, db, managerID); err != nil {
		return nil, err
	}
	for _, email := range namedFreelancers() {
		var id int64
		if err := db.Get(ctx, &id, `SELECT id FROM users WHERE email_lc = ?`, email); err != nil {
			return nil, fmt.Errorf("demo user %s: %w", email, err)
		}
		s.byEmail[email] = id
	}
	s.felix = s.byEmail[felixEmail]
	if err := db.Select(ctx, &s.others, `SELECT u.id FROM users u JOIN user_department_refs r ON r.user_id = u.id
		WHERE r.department_id = ? AND r.can_hire = TRUE AND u.is_freelancer = TRUE AND u.account_status = 'active'
		AND u.id <> ? ORDER BY u.id`, jt.Department, s.felix); err != nil {
		return nil, err
	}
	if need := othersNeeded(); len(s.others) < need {
		return nil, fmt.Errorf("%d hireable freelancers in %s besides Felix Reid, the demo needs %d", len(s.others), demoDepartment, need)
	}
	return s, nil
}

// othersNeeded is how many freelancers besides Felix the demo bookings take from the others.
func othersNeeded() int {
	n := 0
	for _, b := range demoBookings {
		for _, sl := range b.slots {
			if sl.email == "" {
				n = max(n, sl.other+1)
			}
		}
	}
	return n
}

// namedFreelancers are the freelancers the demo bookings name by email, Felix always.
func namedFreelancers() []string {
	emails := []string{felixEmail}
	for _, b := range demoBookings {
		for _, sl := range b.slots {
			if sl.email != "" && !slices.Contains(emails, sl.email) {
				emails = append(emails, sl.email)
			}
		}
	}
	return emails
}

// principal is the user as a signed-in session would carry them, rights included, so the status
// rules and the audit see the same actor the web app would.
func principal(ctx context.Context, db *database.DB, id int64) (*auth.Principal, error) {
	store := &accounts.Store{DB: db}
	u, err := store.User(ctx, id)
	if err != nil {
		return nil, err
	}
	needs, err := store.Needs(ctx, u)
	if err != nil {
		return nil, err
	}
	return &auth.Principal{UserID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName,
		CanAdmin: u.CanAdmin, IsFreelancer: u.IsFreelancer, Needs: needs}, nil
}

func (s *seeder) booking(ctx context.Context, b demoBooking) error {
	var exists bool
	if err := s.db.Get(ctx, &exists, `SELECT EXISTS (SELECT 1 FROM bookings WHERE reference = ?)`, b.reference); err != nil || exists {
		return err
	}
	mctx := auth.WithPrincipal(ctx, s.manager)
	templates, err := s.placementTemplates(ctx, b.templates)
	if err != nil {
		return err
	}
	in := create.NewBooking{JobTemplateID: s.template, Title: b.title, Reference: b.reference, Type: string(b.bookingType),
		Direct: b.direct, SubstitutionAllowed: b.subst, PeriodType: "custom", PlacementTemplateIDs: templates}
	for _, d := range b.days {
		in.Dates = append(in.Dates, monthDate(s.now, s.zone, b.month, d))
	}
	if contiguous(b.days) {
		in.PeriodType = "range"
	}
	creator := &create.Store{DB: s.db}
	jt, err := creator.JobTemplate(mctx, s.template)
	if err != nil {
		return err
	}
	id, err := creator.Create(mctx, jt, in, s.manager.UserID)
	if err != nil {
		return err
	}
	for _, sl := range b.slots {
		if err := s.instruct(mctx, id, b.month, sl); err != nil {
			return fmt.Errorf("%s on day %d: %w", sl.template, sl.day, err)
		}
	}
	return nil
}

func (s *seeder) placementTemplates(ctx context.Context, titles []string) ([]int64, error) {
	var ids []int64
	for _, t := range titles {
		var id int64
		if err := s.db.Get(ctx, &id, `SELECT id FROM placement_templates WHERE job_template_id = ? AND title = ?`,
			s.template, t); err != nil {
			return nil, fmt.Errorf("placement template %q: %w", t, err)
		}
		ids = append(ids, id)
	}
	return ids, nil
}

func contiguous(days []int) bool {
	for i := 1; i < len(days); i++ {
		if days[i] != days[i-1]+1 {
			return false
		}
	}
	return true
}

// instruct grants the slot's freelancer into its placement and answers as the outcome says.
func (s *seeder) instruct(ctx context.Context, bookingID int64, month int, sl slot) error {
	var placement int64
	if err := s.db.Get(ctx, &placement, `SELECT id FROM placements WHERE booking_id = ? AND title = ? AND local_date = ?`,
		bookingID, sl.template, monthDate(s.now, s.zone, month, sl.day)); err != nil {
		return err
	}
	user := s.byEmail[sl.email]
	if sl.email == "" {
		user = s.others[sl.other]
	}
	b, err := s.store.Booking(ctx, bookingID)
	if err != nil {
		return err
	}
	res, err := s.store.Grant(ctx, b, []int64{placement}, []int64{user})
	if err != nil {
		return err
	}
	if res.Inserted != 1 {
		return fmt.Errorf("grant of user %d: %+v", user, res)
	}
	var ins struct {
		ID       int64  `db:"id"`
		Supplier string `db:"supplier_status"`
		Client   string `db:"client_status"`
	}
	if err := s.db.Get(ctx, &ins, `SELECT id, supplier_status, client_status FROM instructions
		WHERE placement_id = ? AND user_id = ? AND deleted_at IS NULL`, placement, user); err != nil {
		return err
	}
	return s.answer(ctx, sl.outcome, placement, user, ins.ID, status.Status(ins.Supplier), status.Status(ins.Client))
}

// answer makes the changes that lead from the initial statuses to the outcome: the freelancer
// answers their side, the manager the client's.
func (s *seeder) answer(ctx context.Context, o outcome, placement, user, id int64, supplier, client status.Status) error {
	switch o {
	case awaiting:
		return nil
	case placementCancelled:
		_, err := (&amend.Store{DB: s.db}).CancelPlacements(ctx, []int64{placement}, cancelReason)
		return err
	case clientCancelled:
		return s.set(ctx, s.manager, bookings.StatusChange{ID: id, ClientStatus: string(status.Cancelled), CancellationReason: cancelReason})
	case supplierRejected:
		return s.asFreelancer(ctx, user, bookings.StatusChange{ID: id, SupplierStatus: string(status.Rejected)})
	}
	if supplier == status.Awaiting {
		if err := s.asFreelancer(ctx, user, bookings.StatusChange{ID: id, SupplierStatus: string(status.Accepted)}); err != nil {
			return err
		}
	}
	if o == confirmed && client == status.Awaiting {
		return s.set(ctx, s.manager, bookings.StatusChange{ID: id, ClientStatus: string(status.Accepted)})
	}
	return nil
}

func (s *seeder) asFreelancer(ctx context.Context, user int64, it bookings.StatusChange) error {
	p, ok := s.freelancers[user]
	if !ok {
		var err error
		if p, err = principal(ctx, s.db, user); err != nil {
			return err
		}
		s.freelancers[user] = p
	}
	return s.set(ctx, p, it)
}

// set applies one status change as p (the actor of its audit row and event).
func (s *seeder) set(ctx context.Context, p *auth.Principal, it bookings.StatusChange) error {
	n, err := s.store.SetStatuses(auth.WithPrincipal(ctx, p), p, []bookings.StatusChange{it})
	if err == nil && n != 1 {
		err = errors.New("status change not applied")
	}
	return err
}
