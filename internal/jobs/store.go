package jobs

import (
	"context"
	"database/sql"
	"errors"

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
	PlacementTemplateCount int    `json:"placementTemplateCount" db:"placement_template_count"`
}

// PlacementTemplate is one placement of a job template. BuyRate goes to administrators only.
type PlacementTemplate struct {
	ID            int64  `json:"id"`
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
}

// Store reads job templates.
type Store struct{ DB *database.DB }

// Briefs lists the templates of the visible departments (all for administrators), optionally
// only those of departments users are linked to.
func (s *Store) Briefs(ctx context.Context, visible []int64, all bool, users []int64) ([]JobBrief, error) {
	out := []JobBrief{}
	if !all && len(visible) == 0 {
		return out, nil
	}
	q := `SELECT jt.id, jt.title, jt.type, e.name AS entity_name FROM job_templates jt
		JOIN departments d ON d.id = jt.department_id JOIN entities e ON e.id = d.client_id WHERE 1 = 1`
	var args []any
	if !all {
		marks, ids := database.In(visible)
		q += ` AND jt.department_id IN (` + marks + `)`
		args = append(args, ids...)
	}
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
	}
	err := s.DB.Get(ctx, &r, `SELECT jt.id, jt.title, jt.type, jt.description, jt.department_id, d.name AS department_name,
		d.timezone, e.id AS client_id, e.name AS client_name, jt.version FROM job_templates jt
		JOIN departments d ON d.id = jt.department_id JOIN entities e ON e.id = d.client_id WHERE jt.id = ?`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return JobTemplate{}, apperror.NotFound("Job template")
	}
	return JobTemplate{ID: r.ID, Title: r.Title, Type: r.Type, Description: r.Description, DepartmentID: r.DepartmentID,
		Department: JobTemplateDepartment{ID: r.DepartmentID, Name: r.Department, Timezone: r.Timezone},
		ClientID:   r.ClientID, ClientName: r.ClientName, Version: r.Version, PlacementTemplates: []PlacementTemplate{}}, err
}

// PlacementTemplates reads a template's placement templates in order; buy rates for admins only.
func (s *Store) PlacementTemplates(ctx context.Context, jobTemplate int64, withBuyRates bool) ([]PlacementTemplate, error) {
	var rows []struct {
		ID            int64  `db:"id"`
		Title         string `db:"title"`
		StartTime     string `db:"start_time"`
		EndTime       string `db:"end_time"`
		UnpaidBreaks  int    `db:"unpaid_breaks"`
		SupplierNotes string `db:"supplier_notes"`
		BuyMinor      int64  `db:"buy_rate_minor"`
		BuyCurrency   string `db:"buy_currency"`
		BuyPeriod     string `db:"buy_period"`
		SellMinor     int64  `db:"sell_rate_minor"`
		SellCurrency  string `db:"sell_currency"`
		SellPeriod    string `db:"sell_period"`
		Version       int    `db:"version"`
	}
	if err := s.DB.Select(ctx, &rows, `SELECT id, title, start_time, end_time, unpaid_breaks, supplier_notes,
		buy_rate_minor, buy_currency, buy_period, sell_rate_minor, sell_currency, sell_period, version
		FROM placement_templates WHERE job_template_id = ? ORDER BY position, id`, jobTemplate); err != nil {
		return nil, err
	}
	out := make([]PlacementTemplate, 0, len(rows))
	for _, r := range rows {
		pt := PlacementTemplate{ID: r.ID, Title: r.Title, StartTime: r.StartTime, EndTime: r.EndTime,
			Overnight: r.EndTime <= r.StartTime, UnpaidBreaks: r.UnpaidBreaks, SupplierNotes: r.SupplierNotes,
			SellRate: RateOf(r.SellMinor, r.SellCurrency, r.SellPeriod), Version: r.Version}
		if withBuyRates {
			buy := RateOf(r.BuyMinor, r.BuyCurrency, r.BuyPeriod)
			pt.BuyRate = &buy
		}
		out = append(out, pt)
	}
	return out, nil
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
	err := s.DB.Select(ctx, &out, `SELECT jt.id, jt.title, jt.type,
		(SELECT COUNT(*) FROM placement_templates pt WHERE pt.job_template_id = jt.id) AS placement_template_count
		FROM job_templates jt WHERE jt.department_id = ? ORDER BY jt.title_lc, jt.id`, department)
	return out, err
}
