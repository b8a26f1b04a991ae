package jobs

import (
	"context"
	"strings"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// JobBrief is a job template in brief (spec part 2 §3).
type JobBrief struct {
	ID         int64  `json:"id" db:"id"`
	Title      string `json:"title" db:"title"`
	Type       string `json:"type" db:"type" doc:"template or other"`
	EntityName string `json:"entityName" db:"entity_name" doc:"The client"`
}

// JobTemplateSummary is one row of a department's job templates.
type JobTemplateSummary struct {
	ID                     int64  `json:"id" db:"id"`
	Title                  string `json:"title" db:"title"`
	Type                   string `json:"type" db:"type"`
	DepartmentID           int64  `json:"departmentId" db:"department_id"`
	DepartmentName         string `json:"departmentName" db:"department_name"`
	ClientID               int64  `json:"clientId" db:"client_id"`
	ClientName             string `json:"clientName" db:"client_name"`
	PlacementTemplateCount int    `json:"placementTemplateCount" db:"placement_template_count"`
}

// PlacementTemplate is one placement of a job template. BuyRate goes to administrators only.
type PlacementTemplate struct {
	ID            int64  `json:"id"`
	JobTemplateID int64  `json:"jobTemplateId"`
	Position      int    `json:"position"`
	Title         string `json:"title"`
	StartTime     string `json:"startTime"`
	EndTime       string `json:"endTime"`
	Overnight     bool   `json:"overnight" doc:"The end is on the next day"`
	UnpaidBreaks  int    `json:"unpaidBreaks" doc:"Minutes"`
	SupplierNotes string `json:"supplierNotes"`
	SellRate      Rate   `json:"sellRate"`
	BuyRate       *Rate  `json:"buyRate,omitempty"`
	Version       int    `json:"version"`
}

// JobTemplateDepartment names the template's department.
type JobTemplateDepartment struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Timezone string `json:"timezone"`
}

// JobTemplate is one job template with its placement templates.
type JobTemplate struct {
	ID                 int64                 `json:"id"`
	Title              string                `json:"title"`
	Type               string                `json:"type"`
	Description        string                `json:"description"`
	DepartmentID       int64                 `json:"departmentId"`
	Department         JobTemplateDepartment `json:"department"`
	ClientID           int64                 `json:"clientId"`
	ClientName         string                `json:"clientName"`
	Version            int                   `json:"version"`
	PlacementTemplates []PlacementTemplate   `json:"placementTemplates"`
	PreferredUsers     []PreferredUser       `json:"preferredUsers"`
	AdminFields
	// stored holds the administrative fields as stored; AdminFields shows them to administrators.
	stored adminText
}

// PreferredUser is a freelancer on a template's preferred list.
type PreferredUser struct {
	ID       int64  `json:"id" db:"id"`
	FullName string `json:"fullName" db:"full_name"`
	Email    string `json:"email" db:"email"`
}

// Store reads job templates.
type Store struct {
	DB    *database.DB
	InUse InUse
}

// InUse reports, inside tx, whether bookings use a job template (bookings.UsesJobTemplate,
// handed in by internal/app: jobs does not read the bookings tables, and bookings imports jobs).
type InUse func(ctx context.Context, tx *database.Tx, jobTemplate int64) (bool, error)

// Briefs lists the templates of the visible departments (all for administrators), optionally
// only those of departments users are linked to.
func (s *Store) Briefs(ctx context.Context, visible database.Visibility, users []int64) ([]JobBrief, error) {
	out := []JobBrief{}
	if visible.None() {
		return out, nil
	}
	cond, args := visible.Condition("jt.department_id")
	q := `SELECT jt.id, jt.title, jt.type, e.name AS entity_name FROM job_templates jt
		JOIN departments d ON d.id = jt.department_id JOIN entities e ON e.id = d.client_id WHERE ` + cond
	if len(users) > 0 {
		marks, ids := database.In(users)
		q += ` AND jt.department_id IN (SELECT department_id FROM user_department_refs WHERE user_id IN (` + marks + `))`
		args = append(args, ids...)
	}
	err := s.DB.Select(ctx, &out, q+` ORDER BY jt.title_lc, jt.id`, args...)
	return out, err
}

// Template reads one job template without its placement templates; 404 when absent.
func (s *Store) Template(ctx context.Context, id int64) (JobTemplate, error) {
	var r struct {
		ID           int64  `db:"id"`
		Title        string `db:"title"`
		Type         string `db:"type"`
		Description  string `db:"description"`
		DepartmentID int64  `db:"department_id"`
		Department   string `db:"department_name"`
		Timezone     string `db:"timezone"`
		ClientID     int64  `db:"client_id"`
		ClientName   string `db:"client_name"`
		Version      int    `db:"version"`
		adminText
	}
	err := s.DB.Get(ctx, &r, `SELECT jt.id, jt.title, jt.type, jt.description, jt.department_id, d.name AS department_name,
		d.timezone, e.id AS client_id, e.name AS client_name, jt.version, jt.legacy_job_id, jt.agent, jt.division_team,
		jt.job_function FROM job_templates jt
		JOIN departments d ON d.id = jt.department_id JOIN entities e ON e.id = d.client_id WHERE jt.id = ?`, id)
	if err != nil {
		return JobTemplate{}, database.NotFound(err, "Job template")
	}
	return JobTemplate{ID: r.ID, Title: r.Title, Type: r.Type, Description: r.Description, DepartmentID: r.DepartmentID,
		Department: JobTemplateDepartment{ID: r.DepartmentID, Name: r.Department, Timezone: r.Timezone},
		ClientID:   r.ClientID, ClientName: r.ClientName, Version: r.Version, PlacementTemplates: []PlacementTemplate{},
		PreferredUsers: []PreferredUser{}, stored: r.adminText}, err
}

// PlacementTemplates reads a template's placement templates in order; buy rates for admins only.
func (s *Store) PlacementTemplates(ctx context.Context, jobTemplate int64, withBuyRates bool) ([]PlacementTemplate, error) {
	return placementTemplates(ctx, s.DB, withBuyRates, `job_template_id = ?`, jobTemplate)
}

// PlacementTemplate reads one placement template; 404 when absent.
func (s *Store) PlacementTemplate(ctx context.Context, id int64, withBuyRates bool) (PlacementTemplate, error) {
	out, err := placementTemplates(ctx, s.DB, withBuyRates, `id = ?`, id)
	if err == nil && len(out) == 0 {
		err = apperror.NotFound("Placement template")
	}
	if err != nil {
		return PlacementTemplate{}, err
	}
	return out[0], nil
}

// Selecter is what list reads go through: *database.DB and *database.Tx both fit.
type Selecter interface {
	Select(ctx context.Context, dest any, query string, args ...any) error
}

func placementTemplates(ctx context.Context, q Selecter, withBuyRates bool, where string, args ...any) ([]PlacementTemplate, error) {
	var rows []struct {
		ID            int64  `db:"id"`
		JobTemplateID int64  `db:"job_template_id"`
		Position      int    `db:"position"`
		Title         string `db:"title"`
		StartTime     string `db:"start_time"`
		EndTime       string `db:"end_time"`
		UnpaidBreaks  int    `db:"unpaid_breaks"`
		SupplierNotes string `db:"supplier_notes"`
		Version       int    `db:"version"`
		RateRow
	}
	if err := q.Select(ctx, &rows, `SELECT id, job_template_id, position, title, start_time, end_time, unpaid_breaks,
		supplier_notes, `+rateColumns+`, version FROM placement_templates WHERE `+where+` ORDER BY position, id`, args...); err != nil {
		return nil, err
	}
	out := make([]PlacementTemplate, 0, len(rows))
	for _, r := range rows {
		buy, sell := r.Rates()
		pt := PlacementTemplate{ID: r.ID, JobTemplateID: r.JobTemplateID, Position: r.Position, Title: r.Title,
			StartTime: r.StartTime, EndTime: r.EndTime, Overnight: r.EndTime <= r.StartTime, UnpaidBreaks: r.UnpaidBreaks,
			SupplierNotes: r.SupplierNotes, SellRate: sell, Version: r.Version}
		if withBuyRates {
			pt.BuyRate = &buy
		}
		out = append(out, pt)
	}
	return out, nil
}

// PreferredUsers lists a template's preferred freelancers by name.
func (s *Store) PreferredUsers(ctx context.Context, jobTemplate int64) ([]PreferredUser, error) {
	out := []PreferredUser{}
	err := s.DB.Select(ctx, &out, `SELECT u.id, TRIM(u.first_name || ' ' || u.last_name) AS full_name, u.email
		FROM job_template_preferred_users p JOIN users u ON u.id = p.user_id WHERE p.job_template_id = ?
		ORDER BY u.first_name, u.last_name, u.id`, jobTemplate)
	return out, err
}

// OfDepartment lists a department's templates; 404 when the department does not exist.
func (s *Store) OfDepartment(ctx context.Context, department int64) ([]JobTemplateSummary, error) {
	var exists bool
	if err := s.DB.Get(ctx, &exists, `SELECT EXISTS (SELECT 1 FROM departments WHERE id = ?)`, department); err != nil {
		return nil, err
	}
	if !exists {
		return nil, apperror.NotFound("Department")
	}
	out := []JobTemplateSummary{}
	err := s.DB.Select(ctx, &out, summarySelect+` WHERE jt.department_id = ? ORDER BY jt.title_lc, jt.id`, department)
	return out, err
}

const summarySelect = `SELECT jt.id, jt.title, jt.type, jt.department_id, d.name AS department_name, e.id AS client_id,
	e.name AS client_name,
	(SELECT COUNT(*) FROM placement_templates pt WHERE pt.job_template_id = jt.id) AS placement_template_count
	FROM job_templates jt JOIN departments d ON d.id = jt.department_id JOIN entities e ON e.id = d.client_id`

// ListFilter selects job templates for the list.
type ListFilter struct {
	Visible       database.Visibility
	DepartmentID  int64
	Search        string
	Offset, Limit int
}

// List pages through the visible job templates.
func (s *Store) List(ctx context.Context, f ListFilter) ([]JobTemplateSummary, int, error) {
	out := []JobTemplateSummary{}
	if f.Visible.None() {
		return out, 0, nil
	}
	where, args := f.Visible.Condition("jt.department_id")
	where = ` WHERE ` + where
	if f.DepartmentID > 0 {
		where += ` AND jt.department_id = ?`
		args = append(args, f.DepartmentID)
	}
	if f.Search != "" {
		where += ` AND jt.title_lc LIKE ?`
		args = append(args, "%"+strings.ToLower(f.Search)+"%")
	}
	var total int
	if err := s.DB.Get(ctx, &total, `SELECT COUNT(*) FROM job_templates jt`+where, args...); err != nil {
		return nil, 0, err
	}
	page, pageArgs := database.LimitOffset(f.Limit, f.Offset)
	err := s.DB.Select(ctx, &out, summarySelect+where+` ORDER BY jt.title_lc, jt.id `+page, append(args, pageArgs...)...)
	return out, total, err
}
