// Package demo seeds the organisation demo data: clients with departments, a supplier and an
// agency, links with varied rights, legal entities, tags and pending invitations. It runs after
// the accounts demo (whose logins it links) and can run any number of times.
package demo

import (
	"context"
	"fmt"
	"strings"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/organisations/invitations"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
)

// The demo entities.
const (
	Northbridge = "Northbridge Broadcasting"
	Harbour     = "Harbour Studios"
	Crewline    = "Crewline Facilities"
	Pinnacle    = "Pinnacle Talent"
	FelixReid   = "Felix Reid"
	// The own companies of two demo freelancers: VAT registered and not (see ownCompanies).
	ChenCamera   = "Chen Camera"
	OseiPictures = "Osei Pictures"
)

// The agency demo: Pinnacle Talent's manager books for Harbour Studios' AgencyDepartment, which
// may hire the agency's talent (agencyLinks).
const (
	AgencyManagerEmail = "agency@hive.test"
	AgencyDepartment   = "Factual"
)

// AgencyTalent are the demo freelancers Pinnacle Talent represents.
var AgencyTalent = []string{"chloe.okafor@hive.test", "grace.adeyemi@hive.test", "noah.fitzgerald@hive.test",
	"tom.gallagher@hive.test"}

// ownCompanies are the freelancers (besides Felix Reid) who manage their own supplier entity,
// whose preferred legal entity gives their VAT status.
var ownCompanies = map[string]string{"maya.chen@hive.test": ChenCamera, "daniel.osei@hive.test": OseiPictures}

var entities = []struct{ name, kind, email string }{
	{Northbridge, "client", "bookings@northbridge.example"},
	{Harbour, "client", "crew@harbourstudios.example"},
	{Crewline, "supplier", "ops@crewline.example"},
	{Pinnacle, "agency", "agents@pinnacletalent.example"},
	{FelixReid, "supplier", "freelancer@hive.test"}, // the demo freelancer's own business
	{ChenCamera, "supplier", "maya.chen@hive.test"},
	{OseiPictures, "supplier", "daniel.osei@hive.test"},
}

var departments = map[string][]string{
	Northbridge: {"Sport", "News", "Entertainment"},
	Harbour:     {"Drama", "Factual"},
}

type legalEntity struct {
	entity, typ, status                      string
	companyName, companyNumber, tradingName  string
	niNumber, gender                         string
	vatRegistered                            bool
	vatNumber, address1, address2, address4  string
	email, phone, iban, sortCode, accountNum string
	bankName                                 string
}

var legalEntities = []legalEntity{
	{entity: Northbridge, typ: "uk_plc", status: "validated", companyName: "Northbridge Broadcasting PLC",
		companyNumber: "04123456", vatRegistered: true, vatNumber: "GB123456789", address1: "1 Media Quay",
		address2: "Salford", address4: "M50 2EQ", email: "accounts@northbridge.example", phone: "0161 496 0000",
		iban: "GB33BUKB20201555555555", sortCode: "202015", accountNum: "55555555", bankName: "Barclays"},
	{entity: Harbour, typ: "uk_private_limited", status: "validated", companyName: "Harbour Studios Limited",
		companyNumber: "09876543", vatRegistered: true, vatNumber: "GB987654321", address1: "Dock Road",
		address2: "Cardiff", address4: "CF10 4PZ", email: "finance@harbourstudios.example", phone: "029 2018 0000"},
	{entity: Crewline, typ: "uk_private_limited", status: "validated", companyName: "Crewline Facilities Ltd",
		companyNumber: "11223344", vatRegistered: true, vatNumber: "GB112233445", address1: "Unit 4, Riverside Park",
		address2: "London", address4: "SE16 7PL", email: "invoices@crewline.example", phone: "020 7946 0000"},
	{entity: FelixReid, typ: "uk_sole_trader", status: "not_validated", tradingName: "Felix Reid Camera",
		niNumber: "QQ123456C", gender: "male", address1: "12 Elm Grove", address2: "Manchester", address4: "M14 5TT",
		email: "freelancer@hive.test", phone: "07700 900123"},
	{entity: ChenCamera, typ: "uk_private_limited", status: "validated", companyName: "Chen Camera Ltd",
		companyNumber: "13579246", vatRegistered: true, vatNumber: "GB246813579", address1: "3 Canal Street",
		address2: "Manchester", address4: "M1 3HE", email: "maya.chen@hive.test", phone: "07700 900456"},
	{entity: OseiPictures, typ: "uk_private_limited", status: "validated", companyName: "Osei Pictures Ltd",
		companyNumber: "24681357", address1: "18 Mill Lane", address2: "Leeds", address4: "LS1 4DT",
		email: "daniel.osei@hive.test", phone: "07700 900789"},
}

// Seed creates what does not exist yet; it can run any number of times. Invitation links in the
// queued mails point at HIVE_BASE_URL.
func Seed(ctx context.Context, db *database.DB) error {
	ids := map[string]int64{}
	deptIDs := map[string]int64{}
	err := db.InTx(ctx, func(tx *database.Tx) error {
		s := seeder{ctx: ctx, tx: tx}
		for _, e := range entities {
			id, err := s.entity(e.name, e.kind, e.email)
			if err != nil {
				return err
			}
			ids[e.name] = id
		}
		for client, names := range departments {
			for _, name := range names {
				id, err := s.department(ids[client], name)
				if err != nil {
					return err
				}
				deptIDs[name] = id
			}
		}
		for _, le := range legalEntities {
			if err := s.legalEntity(ids[le.entity], le); err != nil {
				return err
			}
		}
		tagIDs, err := s.tags()
		if err != nil {
			return err
		}
		return s.links(ids, deptIDs, tagIDs)
	})
	if err != nil {
		return fmt.Errorf("organisation demo: %w", err)
	}
	return seedInvitations(ctx, db, ids[Northbridge])
}

type seeder struct {
	ctx context.Context
	tx  *database.Tx
}

func (s seeder) entity(name, kind, email string) (int64, error) {
	var id int64
	found, err := database.Found(s.tx.Get(s.ctx, &id, `SELECT id FROM entities WHERE name_lc = ? AND type = ?`,
		strings.ToLower(name), kind))
	if found || err != nil {
		return id, err
	}
	now := s.tx.Now
	if err := s.tx.Get(s.ctx, &id, `INSERT INTO entities (name, name_lc, type, email, cancel_window_days, created_at, updated_at, version)
		VALUES (?, ?, ?, ?, 2, ?, ?, 1) RETURNING id`, name, strings.ToLower(name), kind, email, now, now); err != nil {
		return 0, err
	}
	return id, audit.Record(s.ctx, s.tx, audit.Insert, audit.SourceEntity, id,
		map[string]any{"id": id, "name": name, "type": kind, "email": email, "cancelWindowDays": 2, "version": 1})
}

func (s seeder) department(clientID int64, name string) (int64, error) {
	now := s.tx.Now
	if _, err := s.tx.Exec(s.ctx, `INSERT INTO departments (client_id, name, name_lc, cancel_window_days, created_at, updated_at, version)
		VALUES (?, ?, ?, 2, ?, ?, 1) ON CONFLICT (client_id, name_lc) DO NOTHING`, clientID, name, strings.ToLower(name), now, now); err != nil {
		return 0, err
	}
	var id int64
	err := s.tx.Get(s.ctx, &id, `SELECT id FROM departments WHERE client_id = ? AND name_lc = ?`, clientID, strings.ToLower(name))
	return id, err
}

func (s seeder) legalEntity(entityID int64, le legalEntity) error {
	var n int
	if err := s.tx.Get(s.ctx, &n, `SELECT COUNT(*) FROM entity_legal_entity_refs WHERE entity_id = ?`, entityID); err != nil || n > 0 {
		return err
	}
	now := s.tx.Now
	var leID int64
	if err := s.tx.Get(s.ctx, &leID, `INSERT INTO legal_entities (status, type, ni_number, gender, trading_name, company_name,
		company_number, vat_registered, vat_number, address1, address2, address4, email, phone, iban, sort_code,
		account_number, bank_name, bank_country_code, created_at, updated_at, version)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1) RETURNING id`,
		le.status, le.typ, le.niNumber, le.gender, le.tradingName, le.companyName, le.companyNumber, le.vatRegistered,
		le.vatNumber, le.address1, le.address2, le.address4, le.email, le.phone, le.iban, le.sortCode, le.accountNum,
		le.bankName, bankCountry(le.iban), now, now); err != nil {
		return err
	}
	if err := audit.Record(s.ctx, s.tx, audit.Insert, audit.SourceLegalEntity, leID, map[string]any{
		"id": leID, "status": le.status, "type": le.typ, "companyName": le.companyName, "companyNumber": le.companyNumber,
		"tradingName": le.tradingName, "vatRegistered": le.vatRegistered, "version": 1}); err != nil {
		return err
	}
	var refID int64
	if err := s.tx.Get(s.ctx, &refID, `INSERT INTO entity_legal_entity_refs (entity_id, legal_entity_id, created_at, updated_at, version)
		VALUES (?, ?, ?, ?, 1) RETURNING id`, entityID, leID, now, now); err != nil {
		return err
	}
	if err := audit.Record(s.ctx, s.tx, audit.Insert, audit.SourceLegalEntityRef, refID,
		map[string]any{"id": refID, "entityId": entityID, "legalEntityId": leID, "version": 1}); err != nil {
		return err
	}
	if le.typ == "uk_sole_trader" {
		return nil
	}
	_, err := s.tx.Exec(s.ctx, `UPDATE entities SET preferred_legal_entity_id = ? WHERE id = ? AND preferred_legal_entity_id IS NULL`,
		leID, entityID)
	return err
}

func bankCountry(iban string) string {
	if len(iban) >= 2 {
		return iban[:2]
	}
	return ""
}

// tags inserts the global job titles, skills and other tags and returns every id by name.
func (s seeder) tags() (map[string]int64, error) {
	now := s.tx.Now
	for category, names := range map[string][]string{"job_title": jobTitles, "skills": skills, "other": otherTags} {
		for _, name := range names {
			if _, err := s.tx.Exec(s.ctx, `INSERT INTO tags (name, name_lc, category, created_at, updated_at, version)
				VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT DO NOTHING`, name, strings.ToLower(name), category, now, now); err != nil {
				return nil, err
			}
		}
	}
	var rows []struct {
		ID       int64  `db:"id"`
		Name     string `db:"name"`
		Category string `db:"category"`
	}
	if err := s.tx.Select(s.ctx, &rows, `SELECT id, name, category FROM tags WHERE entity_id IS NULL`); err != nil {
		return nil, err
	}
	ids := map[string]int64{}
	for _, r := range rows {
		if _, taken := ids[r.Name]; !taken || r.Category == "job_title" {
			ids[r.Name] = r.ID
		}
	}
	return ids, nil
}

func (s seeder) userID(email string) (int64, error) {
	var id int64
	err := s.tx.Get(s.ctx, &id, `SELECT id FROM users WHERE email_lc = ?`, email)
	return id, database.NoRowsAs(err, fmt.Errorf("demo user %s is missing: seed the accounts demo first", email))
}

func (s seeder) entityRef(userID, entityID int64, external, manage, sel bool) (int64, error) {
	now := s.tx.Now
	if _, err := s.tx.Exec(s.ctx, `INSERT INTO user_entity_refs (user_id, entity_id, can_external, can_manage, can_select,
		created_at, updated_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, 1) ON CONFLICT (user_id, entity_id) DO NOTHING`,
		userID, entityID, external, manage, sel, now, now); err != nil {
		return 0, err
	}
	var id int64
	err := s.tx.Get(s.ctx, &id, `SELECT id FROM user_entity_refs WHERE user_id = ? AND entity_id = ?`, userID, entityID)
	return id, err
}

func (s seeder) departmentRef(userID, deptID int64, hire, manage, sel bool) error {
	now := s.tx.Now
	_, err := s.tx.Exec(s.ctx, `INSERT INTO user_department_refs (user_id, department_id, can_hire, can_manage, can_select,
		created_at, updated_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, 1) ON CONFLICT (user_id, department_id) DO NOTHING`,
		userID, deptID, hire, manage, sel, now, now)
	return err
}

// links connects the demo logins and freelancers with varied rights, and tags them.
func (s seeder) links(ids, deptIDs, tagIDs map[string]int64) error {
	users := map[string]int64{}
	for _, email := range []string{"admin@hive.test", "manager@hive.test", "dept@hive.test", "staff@hive.test", "freelancer@hive.test"} {
		id, err := s.userID(email)
		if err != nil {
			return err
		}
		users[email] = id
	}
	if _, err := s.entityRef(users["manager@hive.test"], ids[Northbridge], false, true, true); err != nil {
		return err
	}
	if err := s.departmentRef(users["dept@hive.test"], deptIDs["Sport"], false, true, true); err != nil {
		return err
	}
	if _, err := s.entityRef(users["staff@hive.test"], ids[Northbridge], false, false, true); err != nil {
		return err
	}
	// The freelancer runs their own business, the supplier entity their legal entity belongs to.
	if _, err := s.entityRef(users["freelancer@hive.test"], ids[FelixReid], false, true, true); err != nil {
		return err
	}
	if err := s.ownCompanyLinks(ids, deptIDs["Sport"]); err != nil {
		return err
	}
	if err := s.agencyLinks(ids[Pinnacle], deptIDs[AgencyDepartment]); err != nil {
		return err
	}
	var freelancers []struct {
		ID    int64  `db:"id"`
		Label string `db:"label"`
	}
	if err := s.tx.Select(s.ctx, &freelancers, `SELECT id, label FROM users
		WHERE is_freelancer = TRUE AND email_lc LIKE '%@hive.test' ORDER BY id`); err != nil {
		return err
	}
	for i, f := range freelancers {
		dept := []string{"Sport", "News"}[i%2]
		if err := s.departmentRef(f.ID, deptIDs[dept], true, false, false); err != nil {
			return err
		}
		if i%3 == 0 { // some are bookable by both
			if err := s.departmentRef(f.ID, deptIDs[[]string{"News", "Sport"}[i%2]], true, false, false); err != nil {
				return err
			}
		}
		refID, err := s.entityRef(f.ID, ids[Crewline], true, false, false)
		if err != nil {
			return err
		}
		tagNames := freelancerTags[f.Label]
		for j, name := range tagNames {
			tagID, ok := tagIDs[name]
			if !ok {
				return fmt.Errorf("demo tag %q is missing", name)
			}
			if _, err := s.tx.Exec(s.ctx, `INSERT INTO user_tags (user_id, tag_id) VALUES (?, ?) ON CONFLICT DO NOTHING`,
				f.ID, tagID); err != nil {
				return err
			}
			if j == 0 { // the job title on the supplier link
				if _, err := s.tx.Exec(s.ctx, `INSERT INTO user_entity_ref_tags (ref_id, tag_id) VALUES (?, ?) ON CONFLICT DO NOTHING`,
					refID, tagID); err != nil {
					return err
				}
			}
		}
	}
	for dept, names := range departmentTags {
		for _, name := range names {
			if _, err := s.tx.Exec(s.ctx, `INSERT INTO department_tags (department_id, tag_id) VALUES (?, ?) ON CONFLICT DO NOTHING`,
				deptIDs[dept], tagIDs[name]); err != nil {
				return err
			}
		}
	}
	return nil
}

// agencyLinks sets the agency up as docs/decisions.md 'Agencies' says an agency works: its
// manager manages the agency entity (agency manager: invites, creates users, follows freelancers)
// and, given by Harbour Studios, manages the client's department AgencyDepartment (books there;
// no link to the client entity itself); the agency's talent are external resources of the agency
// whom that department may hire.
func (s seeder) agencyLinks(agency, dept int64) error {
	manager, err := s.userID(AgencyManagerEmail)
	if err != nil {
		return err
	}
	if _, err := s.entityRef(manager, agency, false, true, true); err != nil {
		return err
	}
	if err := s.departmentRef(manager, dept, false, true, true); err != nil {
		return err
	}
	for _, email := range AgencyTalent {
		user, err := s.userID(email)
		if err != nil {
			return err
		}
		if _, err := s.entityRef(user, agency, true, false, false); err != nil {
			return err
		}
		if err := s.departmentRef(user, dept, true, false, false); err != nil {
			return err
		}
	}
	return nil
}

// ownCompanyLinks lets the freelancers of ownCompanies manage their company, and Sport hire them.
func (s seeder) ownCompanyLinks(ids map[string]int64, sport int64) error {
	for email, company := range ownCompanies {
		user, err := s.userID(email)
		if err != nil {
			return err
		}
		if _, err := s.entityRef(user, ids[company], false, true, true); err != nil {
			return err
		}
		if err := s.departmentRef(user, sport, true, false, false); err != nil {
			return err
		}
	}
	return nil
}

// seedInvitations queues two pending invitations from the client manager, unless they exist.
func seedInvitations(ctx context.Context, db *database.DB, northbridge int64) error {
	cfg, err := config.FromEnv()
	if err != nil {
		return err
	}
	var manager struct {
		ID        int64  `db:"id"`
		FirstName string `db:"first_name"`
		LastName  string `db:"last_name"`
	}
	if err := db.Get(ctx, &manager, `SELECT id, first_name, last_name FROM users WHERE email_lc = 'manager@hive.test'`); err != nil {
		return fmt.Errorf("demo invitations: %w", err)
	}
	store := &invitations.Store{DB: db, BaseURL: cfg.BaseURL}
	for _, n := range []invitations.NewInvitation{
		{EntityID: northbridge, Email: "new.freelancer@hive.test", Purpose: invitations.PurposeFreelancer,
			Message: "We'd love to book you for our autumn football coverage. Sign up to join our crew list."},
		{EntityID: northbridge, Email: "new.coordinator@hive.test", Purpose: invitations.PurposeStaff,
			Message: "Welcome to the Sport production team: this gives you read-only access to our bookings."},
	} {
		_, err := store.Create(ctx, n, manager.ID, manager.FirstName+" "+manager.LastName)
		if apperror.KindOf(err) == apperror.KindConflict {
			continue // already invited
		}
		if err != nil {
			return fmt.Errorf("demo invitation: %w", err)
		}
	}
	return nil
}

// HireLocalCrew lets the Sport department hire the freelancers with these e-mail addresses (the
// people directory's local crew around Salford, directory.LocalCrewEmails); it runs after the
// directory's demo and can run any number of times.
func HireLocalCrew(ctx context.Context, db *database.DB, emails []string) error {
	return db.InTx(ctx, func(tx *database.Tx) error {
		s := seeder{ctx: ctx, tx: tx}
		var sport int64
		if err := tx.Get(ctx, &sport, `SELECT d.id FROM departments d JOIN entities e ON e.id = d.client_id
			WHERE d.name = ? AND e.name = ?`, "Sport", Northbridge); err != nil {
			return fmt.Errorf("demo department Sport: %w", err)
		}
		args := make([]any, len(emails))
		for i, e := range emails {
			args[i] = e
		}
		var ids []int64
		if err := tx.Select(ctx, &ids, `SELECT id FROM users WHERE email_lc IN (`+database.Marks(len(emails))+`) ORDER BY id`,
			args...); err != nil {
			return err
		}
		for _, id := range ids {
			if err := s.departmentRef(id, sport, true, false, false); err != nil {
				return err
			}
		}
		return nil
	})
}
