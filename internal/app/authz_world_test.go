package app_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/audit/audittest"
	"github.com/hive/hive/internal/invoices"
	"github.com/hive/hive/internal/platform/blob"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// authzSecret is in the name of every object of client A (entity, departments, legal entity,
// job template and so booking, tags, notes, documents, the staff member): an answer to an
// outsider that contains it has revealed A's data, whatever its status.
const authzSecret = "Aldermoor"

// FreelancerA's push subscription: its endpoint, and made-up keys of the right shape (a P-256
// point and a 16-byte secret) that no caller sends.
const (
	authzPushEndpoint = "https://push.example.com/send/aldermoor-phone"
	authzPushKey      = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
	authzPushAuth     = "BTBZMqHH6r4Tts7J_aSIgg"
)

// authzSecretA1 is in the name of every object of client A except the client itself and its
// department A2, which A2's manager (authzDeptA2) may see: for that role it marks a leak.
const authzSecretA1 = "Zephyr"

// authzSecretDeep is in the name of every object of client A below department A1 (and of
// A's other records), which A1's own freelancers (authzFreelancerA1) may not see either: they
// see the department they are linked to.
const authzSecretDeep = "Quasar"

// authzDeep names an object of A below department A1.
func authzDeep(name string) string {
	return authzSecret + " " + authzSecretA1 + " " + authzSecretDeep + name
}

// authzSecretFor is the marker of a leak to role.
func authzSecretFor(role string) string {
	switch role {
	case authzDeptA2:
		return authzSecretA1
	case authzFreelancerA1:
		return authzSecretDeep
	}
	return authzSecret
}

// The roles of the authorization matrix beyond apptest's: a department manager of client A's
// OTHER department (A2), who must not reach department A1's objects either.
const authzDeptA2 = "deptA2"

// authzFreelancerA1 is a freelancer department A1 may hire who is on none of its bookings.
const authzFreelancerA1 = "freelancerA1"

// authzRoles are the callers of the matrix, all outsiders to the objects of client A (which sit
// in department A1): a visitor; the demo freelancer, hireable by B's department and on none of
// A's bookings; the demo staff, viewing client B; the demo department manager, managing B's
// department; the demo client manager, managing client B (the manager of another client); and
// the manager of A's other department. Administrators pass every rule: they are the control
// that the objects exist (authzControl), not a row of the matrix.
var authzRoles = []string{apptest.Anonymous, apptest.Freelancer, apptest.Staff, apptest.DeptMgr, apptest.Manager, authzDeptA2,
	authzFreelancerA1}

// authzWorld is client A's objects, one of each kind a path parameter or a body names, and
// client B, to whom the demo roles belong.
type authzWorld struct {
	ClientA, DeptA1, DeptA2, LegalA, LegalLinkA     int64
	ClientB, DeptB1, LegalB, LegalC                 int64 // LegalC: a company linked to no one
	StaffA, FreelancerA, Substitute, Hireable       int64 // a staff member of A; freelancers A1 hires (FreelancerA instructed)
	StaffEntityLink, StaffDeptLink, FreelancerLink  int64 // StaffA's links to A and A1, FreelancerA's to A1
	JobTemplate, PlacementTemplate, PlacementTpl2   int64
	Booking, Placement, Placement2                  int64
	Instruction, Instruction2                       int64 // FreelancerA's on Placement and Placement2
	RateCard, JobTitleTag, SkillTag, OtherTag, Note int64
	UserDocument, SigningDocument, Invitation       int64
	Unavailability, Notification, Bookmark, History int64
	Passkey                                         int64 // StaffA's
	PushSubscription                                int64 // FreelancerA's phone (authzPushEndpoint)
	CalendarConnection                              int64 // FreelancerA's own CalDAV calendar
	StaffSession                                    int64 // a session StaffA signed in with
	// Pencils of Hireable on Placement (first) and on an overlapping placement of a second
	// booking (second, below it), and Substitute's on Placement2 (released by the control).
	HoldFirst, HoldSecond, HoldOther int64
	Waterfall                        int64 // offers Placement2 in turn: Hireable, then Substitute
	// FreelancerA's submitted timesheets of Instruction (the control approves it) and of
	// Instruction2 (the control disputes it).
	Timesheet, Timesheet2 int64
	// Expense is an expense of Timesheet with a receipt in the blob store.
	Expense int64
	// Invoice is a self-billed invoice of LegalC (agreed to self-billing) to client A for
	// FreelancerA's day in department A1.
	Invoice int64
}

// buildAuthzWorld builds the world on the running server s: SQL for plain rows, the API (as an
// administrator) where a row has invariants of its own (bookings, grants, invitations).
func buildAuthzWorld(t *testing.T, s *apptest.Server) authzWorld {
	t.Helper()
	db := s.DB
	users := orgtest.Users(t, db)
	admin := s.As(apptest.Admin)
	var w authzWorld

	w.ClientA = orgtest.Entity(t, db, authzSecret+" Broadcasting", "client")
	w.DeptA1 = orgtest.Department(t, db, w.ClientA, authzSecret+" "+authzSecretA1+" Newsroom") // its freelancers see it
	w.DeptA2 = orgtest.Department(t, db, w.ClientA, authzSecret+" Sport Desk")
	w.LegalA = orgtest.LegalEntity(t, db, authzDeep(" Holdings Ltd"))
	w.LegalLinkA = orgtest.LinkLegal(t, db, w.ClientA, w.LegalA)
	w.ClientB = orgtest.Entity(t, db, "Brindle Television", "client")
	w.DeptB1 = orgtest.Department(t, db, w.ClientB, "Brindle Drama")
	w.LegalB = orgtest.LegalEntity(t, db, "Brindle Holdings Ltd")
	orgtest.LinkLegal(t, db, w.ClientB, w.LegalB)
	w.LegalC = orgtest.LegalEntity(t, db, "Carrow Services Ltd")

	// Client B's people: the demo roles.
	orgtest.LinkEntity(t, db, users[apptest.Manager], w.ClientB, true, true)
	orgtest.LinkDepartment(t, db, users[apptest.DeptMgr], w.DeptB1, false, true, true)
	orgtest.LinkEntity(t, db, users[apptest.Staff], w.ClientB, false, true)
	orgtest.Hire(t, db, w.DeptB1, users[apptest.Freelancer])

	// Client A's people: a staff member, a freelancer, and the manager of its other department.
	w.StaffA = authzAccount(t, s, w.ClientA, "quentin.staff@example.com", "Quentin", authzDeep(""))
	databasetest.Exec(t, db, `UPDATE user_entity_refs SET can_manage = FALSE, can_select = TRUE WHERE user_id = ?`, w.StaffA)
	w.StaffEntityLink = databasetest.Get[int64](t, db, `SELECT id FROM user_entity_refs WHERE user_id = ?`, w.StaffA)
	w.StaffDeptLink = orgtest.LinkDepartment(t, db, w.StaffA, w.DeptA1, false, false, true)
	w.FreelancerA = orgtest.UserID(t, db, "amelia.hughes@hive.test")
	w.Substitute = orgtest.UserID(t, db, "grace.adeyemi@hive.test")
	w.Hireable = orgtest.UserID(t, db, "oliver.bennett@hive.test")
	orgtest.Hire(t, db, w.DeptA1, w.FreelancerA, w.Substitute, w.Hireable, orgtest.UserID(t, db, "chloe.okafor@hive.test"))
	w.FreelancerLink = databasetest.Get[int64](t, db, `SELECT id FROM user_department_refs WHERE user_id = ? AND department_id = ?`,
		w.FreelancerA, w.DeptA1)
	deptA2 := authzAccount(t, s, w.ClientA, "devon.sport@example.com", "Devon", "Sport")
	databasetest.Exec(t, db, `DELETE FROM user_entity_refs WHERE user_id = ?`, deptA2) // the department link only
	orgtest.LinkDepartment(t, db, deptA2, w.DeptA2, false, true, true)
	databasetest.Exec(t, db, `UPDATE users SET account_status = 'active', password_hash = (SELECT password_hash FROM users
		WHERE email_lc = 'staff@hive.test') WHERE id = ?`, deptA2)

	// Department A1's work: a template, a booking of it with the freelancer instructed.
	w.JobTemplate = orgtest.JobTemplate(t, db, w.DeptA1)
	databasetest.Exec(t, db, `UPDATE job_templates SET title = ?, title_lc = ? WHERE id = ?`,
		authzDeep(" Gala"), strings.ToLower(authzDeep(" Gala")), w.JobTemplate)
	tpls := databasetest.Select[int64](t, db, `SELECT id FROM placement_templates WHERE job_template_id = ? ORDER BY position`, w.JobTemplate)
	w.PlacementTemplate, w.PlacementTpl2 = tpls[0], tpls[1]
	var b struct {
		ID         int64
		Placements []struct{ ID int64 }
	}
	admin.Do("POST", "/booking", map[string]any{"jobTemplateId": w.JobTemplate, "dates": []string{"2027-03-01"}}).
		Want(201).Decode(&b)
	w.Booking, w.Placement, w.Placement2 = b.ID, b.Placements[0].ID, b.Placements[1].ID
	databasetest.Exec(t, db, `UPDATE bookings SET substitution_allowed = TRUE WHERE id = ?`, w.Booking)
	admin.Do("POST", fmt.Sprintf("/placement/%d/grant", w.Placement),
		map[string]any{"userIds": []int64{w.FreelancerA}, "placementIds": []int64{w.Placement, w.Placement2}}).Want(200)
	w.Instruction = databasetest.Get[int64](t, db, `SELECT id FROM instructions WHERE placement_id = ?`, w.Placement)
	w.Instruction2 = databasetest.Get[int64](t, db, `SELECT id FROM instructions WHERE placement_id = ?`, w.Placement2)
	pencil := func(placement, user int64) int64 {
		admin.Do("POST", fmt.Sprintf("/placement/%d/grant", placement), map[string]any{"userIds": []int64{user},
			"placementIds": []int64{placement}, "kind": "hold"}).Want(200)
		return databasetest.Get[int64](t, db, `SELECT id FROM instructions WHERE placement_id = ? AND user_id = ?`, placement, user)
	}
	w.HoldFirst, w.HoldOther = pencil(w.Placement, w.Hireable), pencil(w.Placement2, w.Substitute)
	var second struct{ Placements []struct{ ID int64 } }
	admin.Do("POST", "/booking", map[string]any{"jobTemplateId": w.JobTemplate, "dates": []string{"2027-03-01"}}).
		Want(201).Decode(&second)
	w.HoldSecond = pencil(second.Placements[0].ID, w.Hireable)

	var wf struct{ ID int64 }
	admin.Do("POST", fmt.Sprintf("/booking/%d/waterfall", w.Booking), map[string]any{"placementIds": []int64{w.Placement2},
		"userIds": []int64{w.Hireable, w.Substitute}, "places": 1, "openAtOnce": 1, "offerLifetimeMinutes": 240}).
		Want(201).Decode(&wf)
	w.Waterfall = wf.ID

	now := db.Now()
	w.RateCard = databasetest.InsertID(t, db, `INSERT INTO rate_cards (placement_template_id, user_id, sell_rate_minor,
		created_at, updated_at) VALUES (?, ?, 30000, ?, ?) RETURNING id`, w.PlacementTemplate, w.FreelancerA, now, now)
	w.JobTitleTag = orgtest.Tag(t, db, authzDeep(" Anchor"), "job_title", w.ClientA)
	w.SkillTag = orgtest.Tag(t, db, authzDeep(" Autocue"), "skills", w.ClientA)
	w.OtherTag = orgtest.Tag(t, db, authzDeep(" Regional"), "other", w.ClientA)
	w.Note = databasetest.InsertID(t, db, `INSERT INTO internal_notes (freelancer_id, user_id, entity_id, title, description,
		created_at, updated_at) VALUES (?, ?, ?, ?, 'private', ?, ?) RETURNING id`,
		w.FreelancerA, users[apptest.Admin], w.ClientA, authzDeep(" note"), now, now)
	w.UserDocument = databasetest.InsertID(t, db, `INSERT INTO user_documents (user_id, name, content_type, size_bytes,
		blob_key, uploaded_by, created_at) VALUES (?, ?, 'application/pdf', 4, 'users/x/documents/aldermoor', ?, ?)
		RETURNING id`, w.FreelancerA, authzDeep(" passport.pdf"), users[apptest.Admin], now)
	w.SigningDocument = databasetest.InsertID(t, db, `INSERT INTO documents (user_id, title, due_date, document_url,
		requested_by, booking_id, department_id, created_at, updated_at) VALUES (?, ?, '2027-03-01',
		'https://docuseal.example.com/d/aldermoor', ?, ?, ?, ?, ?) RETURNING id`,
		w.FreelancerA, authzDeep(" contract"), users[apptest.Admin], w.Booking, w.DeptA1, now, now)
	var inv struct{ ID int64 }
	admin.Do("POST", "/invitation", map[string]any{"entityId": w.ClientA, "email": "invitee@example.com",
		"purpose": "staff", "message": authzDeep(" welcomes you")}).Want(201).Decode(&inv)
	w.Invitation = inv.ID
	w.Unavailability = databasetest.InsertID(t, db, `INSERT INTO unavailability (user_id, date, created_at)
		VALUES (?, '2027-03-02', ?) RETURNING id`, w.FreelancerA, now)
	w.Notification = databasetest.InsertID(t, db, `INSERT INTO notifications (user_id, type, subject, body_text, booking_id,
		placement_id, created_at) VALUES (?, 'instruction_granted', ?, 'offer', ?, ?, ?) RETURNING id`,
		w.FreelancerA, authzDeep(" offer"), w.Booking, w.Placement, now)
	w.PushSubscription = databasetest.InsertID(t, db, `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth,
		created_at) VALUES (?, ?, ?, ?, ?) RETURNING id`, w.FreelancerA, authzPushEndpoint, authzPushKey, authzPushAuth, now)
	w.Bookmark = databasetest.InsertID(t, db, `INSERT INTO booking_bookmarks (user_id, description, created_at, updated_at)
		VALUES (?, ?, ?, ?) RETURNING id`, w.StaffA, authzDeep(" filters"), now, now)
	w.Passkey = databasetest.InsertID(t, db, `INSERT INTO passkeys (user_id, credential_id, name, credential, created_at,
		updated_at) VALUES (?, ?, ?, '{}', ?, ?) RETURNING id`, w.StaffA, []byte("aldermoor-credential"),
		authzDeep(" passkey"), now, now)
	w.StaffSession = databasetest.InsertID(t, db, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at,
		last_seen_at, remember) VALUES (?, ?, ?, ?, ?, TRUE) RETURNING id`, []byte(authzDeep(" session")), w.StaffA,
		now, now.Add(24*time.Hour), now)
	sheet := func(instruction, placement int64) int64 {
		return databasetest.InsertID(t, db, `INSERT INTO timesheets (instruction_id, booking_id, placement_id, user_id,
			department_id, client_entity_id, job_title, placement_title, local_date, scheduled_start_at, scheduled_end_at,
			start_at, end_at, rate_minor, status, submitted_at, approve_by, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, 'Camera', '2027-03-01', ?, ?, ?, ?, 40000, 'submitted', ?, ?, ?, ?) RETURNING id`,
			instruction, w.Booking, placement, w.FreelancerA, w.DeptA1, w.ClientA, authzDeep(" Gala"), now, now.Add(8*time.Hour),
			now, now.Add(8*time.Hour), now, now.Add(72*time.Hour), now, now)
	}
	w.Timesheet, w.Timesheet2 = sheet(w.Instruction, w.Placement), sheet(w.Instruction2, w.Placement2)
	w.Expense = authzReceipt(t, s, w.Timesheet)
	w.Invoice = authzInvoice(t, s, w)
	w.CalendarConnection = databasetest.InsertID(t, db, `INSERT INTO calendar_connections (user_id, server_url, username,
		secret_sealed, read_calendar, write_calendar, next_sync_at, created_at, updated_at)
		VALUES (?, 'https://caldav.example.com/', ?, 'gcm:sealed', '/a/personal/', '/a/work/', ?, ?, ?) RETURNING id`,
		w.FreelancerA, authzDeep(" caldav user"), now.Add(24*time.Hour), now, now)
	w.History = audittest.Last(t, db)
	return w
}

// authzReceipt adds to timesheet an expense whose receipt is in the server's blob store, and
// returns the expense's id.
func authzReceipt(t *testing.T, s *apptest.Server, timesheet int64) int64 {
	t.Helper()
	blobs, err := blob.FromConfig(s.App.Config)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	key := fmt.Sprintf("timesheets/%d/receipts/authz-%d", timesheet, time.Now().UnixNano())
	data := "%PDF-1.4\n%%EOF\n"
	if err := blobs.Put(ctx, key, "application/pdf", strings.NewReader(data), int64(len(data))); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = blobs.Delete(ctx, key) })
	return databasetest.InsertID(t, s.DB, `INSERT INTO timesheet_expenses (timesheet_id, position, description, amount_minor,
		currency, receipt_key, receipt_name, receipt_type, receipt_size, created_at)
		VALUES (?, 0, ?, 1250, 'GBP', ?, 'taxi.pdf', 'application/pdf', ?, ?) RETURNING id`, timesheet, authzDeep(" taxi"),
		key, len(data), time.Now().UTC())
}

// authzAccount creates an account of entity through the administrator's assisted creation and
// returns its id.
func authzAccount(t *testing.T, s *apptest.Server, entity int64, email, first, last string) int64 {
	t.Helper()
	var u struct{ ID int64 }
	s.As(apptest.Admin).Do("POST", "/account", map[string]any{"email": email, "firstName": first, "lastName": last,
		"entityIds": []int64{entity}}).
		Want(201).Decode(&u)
	return u.ID
}

// authzInvoice issues client A's self-billed invoice to LegalC for FreelancerA's day.
func authzInvoice(t *testing.T, s *apptest.Server, w authzWorld) int64 {
	t.Helper()
	store := &invoices.Store{DB: s.DB}
	if _, err := store.SetSelfBilling(context.Background(), w.LegalC, true, 0, w.FreelancerA, "Amelia Hughes"); err != nil {
		t.Fatal(err)
	}
	docs, err := store.Issue(context.Background(), []invoices.Approved{{TimesheetID: 1, UserID: w.FreelancerA,
		DepartmentID: w.DeptA1, ClientEntityID: w.ClientA, BookingID: w.Booking, SupplierLegalEntityID: w.LegalC,
		ClientLegalEntityID: w.LegalA, Currency: "GBP", Date: "2027-03-01", Description: authzDeep(" Gala"),
		Hundredths: 1000, RatePeriod: "day", UnitMinor: 30000, AmountMinor: 30000}},
		func(int64) invoices.Rules { return invoices.DefaultRules }, 0)
	if err != nil || len(docs) != 1 {
		t.Fatalf("issue: %v %d", err, len(docs))
	}
	return docs[0].ID
}
