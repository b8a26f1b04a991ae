package jobs

import (
	"context"
	"fmt"
	"strings"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/search/index"
)

// Messages of the job template writes (the spec is silent; docs/decisions.md).
const (
	MsgStale      = "This record was changed by someone else. Reload and try again."
	MsgInUse      = "This job template is used by bookings and cannot be deleted."
	MsgNoUser     = "One of the users does not exist."
	MsgDuplicate  = "This contractor already has a rate card for this placement template."
	MsgNoTemplate = "Job template not found"
)

// PlacementFields are the stored fields of a placement template, already validated.
type PlacementFields struct {
	Title, StartTime, EndTime, SupplierNotes string
	UnpaidBreaks                             int
	Buy, Sell                                Rate
}

// TemplateFields are the stored fields of a job template, already validated.
type TemplateFields struct {
	Title, Description string
	Admin              adminText
}

// Create adds a job template with its placement templates and preferred users; the department
// must be able to hire every preferred user (HireRule).
func (s *Store) Create(ctx context.Context, department int64, f TemplateFields, pts []PlacementFields, preferred []int64) (int64, error) {
	var id int64
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		if err := requireHireable(ctx, tx, department, preferred); err != nil {
			return err
		}
		if err := tx.Get(ctx, &id, `INSERT INTO job_templates (department_id, title, title_lc, description, legacy_job_id, agent,
			division_team, job_function, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			department, f.Title, strings.ToLower(f.Title), f.Description, f.Admin.LegacyJobID, f.Admin.Agent,
			f.Admin.DivisionTeam, f.Admin.Function, tx.Now, tx.Now); err != nil {
			return fmt.Errorf("insert job template: %w", err)
		}
		if err := index.Refresh(ctx, tx, index.Job, id); err != nil {
			return err
		}
		for _, f := range pts {
			if _, err := insertPlacement(ctx, tx, id, f); err != nil {
				return err
			}
		}
		return setPreferred(ctx, tx, id, preferred)
	})
	return id, err
}

// Update writes f and (when not nil) the preferred users over template id of department when
// version is still current; the department must be able to hire every preferred user.
func (s *Store) Update(ctx context.Context, id, department int64, version int, f TemplateFields, preferred []int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		if err := updateVersioned(ctx, tx, "job_templates", "job template", id, version,
			`title = ?, title_lc = ?, description = ?, legacy_job_id = ?, agent = ?, division_team = ?, job_function = ?`,
			f.Title, strings.ToLower(f.Title), f.Description, f.Admin.LegacyJobID, f.Admin.Agent, f.Admin.DivisionTeam,
			f.Admin.Function); err != nil {
			return err
		}
		if err := index.Refresh(ctx, tx, index.Job, id); err != nil {
			return err
		}
		if preferred == nil {
			return nil
		}
		if err := requireHireable(ctx, tx, department, preferred); err != nil {
			return err
		}
		// Those who stay keep their row, and with it the date they were first preferred, which the
		// Freelancer Stats panel counts from (PreferredSince).
		q, args := `DELETE FROM job_template_preferred_users WHERE job_template_id = ?`, []any{id}
		if len(preferred) > 0 {
			marks, ids := database.In(preferred)
			q += ` AND user_id NOT IN (` + marks + `)`
			args = append(args, ids...)
		}
		if _, err := tx.Exec(ctx, q, args...); err != nil {
			return err
		}
		return setPreferred(ctx, tx, id, preferred)
	})
}

// Delete removes template id unless bookings use it.
func (s *Store) Delete(ctx context.Context, id int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		used, err := s.InUse(ctx, tx, id)
		if err != nil {
			return err
		}
		if used {
			return apperror.Conflict(MsgInUse)
		}
		if _, err = tx.Exec(ctx, `DELETE FROM job_templates WHERE id = ?`, id); err != nil {
			return err
		}
		return index.Refresh(ctx, tx, index.Job, id)
	})
}

// AddPlacement appends a placement template to job template id.
func (s *Store) AddPlacement(ctx context.Context, jobTemplate int64, f PlacementFields) (int64, error) {
	var id int64
	err := s.DB.InTx(ctx, func(tx *database.Tx) (err error) {
		id, err = insertPlacement(ctx, tx, jobTemplate, f)
		return err
	})
	return id, err
}

// UpdatePlacement writes f over placement template id when version is still current.
func (s *Store) UpdatePlacement(ctx context.Context, id int64, version int, f PlacementFields) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		return updateVersioned(ctx, tx, "placement_templates", "placement template", id, version,
			`title = ?, start_time = ?, end_time = ?, unpaid_breaks = ?, supplier_notes = ?, buy_rate_minor = ?,
			buy_currency = ?, buy_period = ?, sell_rate_minor = ?, sell_currency = ?, sell_period = ?`,
			f.Title, f.StartTime, f.EndTime, f.UnpaidBreaks, f.SupplierNotes, f.Buy.Minor(), f.Buy.Currency, f.Buy.Period,
			f.Sell.Minor(), f.Sell.Currency, f.Sell.Period)
	})
}

// DeletePlacement removes placement template id (its rate cards go with it; placements keep
// their copy of the times).
func (s *Store) DeletePlacement(ctx context.Context, id int64) error {
	return s.deleteByID(ctx, "placement_templates", id)
}

func insertPlacement(ctx context.Context, tx *database.Tx, jobTemplate int64, f PlacementFields) (int64, error) {
	var id int64
	err := tx.Get(ctx, &id, `INSERT INTO placement_templates (job_template_id, position, title, start_time, end_time,
		unpaid_breaks, supplier_notes, buy_rate_minor, buy_currency, buy_period, sell_rate_minor, sell_currency, sell_period,
		created_at, updated_at) VALUES (?, (SELECT COALESCE(MAX(position) + 1, 0) FROM placement_templates WHERE job_template_id = ?),
		?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, jobTemplate, jobTemplate, f.Title, f.StartTime, f.EndTime,
		f.UnpaidBreaks, f.SupplierNotes, f.Buy.Minor(), f.Buy.Currency, f.Buy.Period, f.Sell.Minor(), f.Sell.Currency,
		f.Sell.Period, tx.Now, tx.Now)
	if err != nil {
		return 0, fmt.Errorf("insert placement template: %w", err)
	}
	return id, nil
}

// setPreferred adds users to the template's preferred list (those already on it stay as they are).
func setPreferred(ctx context.Context, tx *database.Tx, jobTemplate int64, users []int64) error {
	seen := map[int64]bool{}
	for _, u := range users {
		if seen[u] {
			continue
		}
		seen[u] = true
		_, err := tx.Exec(ctx, `INSERT INTO job_template_preferred_users (job_template_id, user_id, created_at) VALUES (?, ?, ?)
			ON CONFLICT (job_template_id, user_id) DO NOTHING`, jobTemplate, u, tx.Now)
		if err != nil {
			return err
		}
	}
	return nil
}

// updateVersioned sets the columns of set (placeholders, bound to args) on row id of table (a
// what, for the error) when its version is still version, stamping updated_at and moving the
// version on; a row that did not match is a 404 or a 409 (stale).
func updateVersioned(ctx context.Context, tx *database.Tx, table, what string, id int64, version int, set string, args ...any) error {
	n, err := tx.Exec(ctx, `UPDATE `+table+` SET `+set+`, updated_at = ?, version = version + 1 WHERE id = ? AND version = ?`,
		append(args, tx.Now, id, version)...)
	if err != nil {
		return fmt.Errorf("update %s: %w", what, err)
	}
	if n == 0 {
		return stale(ctx, tx, table, id)
	}
	return nil
}

// deleteByID removes row id of table, in a transaction of its own.
func (s *Store) deleteByID(ctx context.Context, table string, id int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM `+table+` WHERE id = ?`, id)
		return err
	})
}

// stale tells a missing row (404) from a stale version (409) after an UPDATE matched nothing.
func stale(ctx context.Context, tx *database.Tx, table string, id int64) error {
	var exists bool
	if err := tx.Get(ctx, &exists, `SELECT EXISTS (SELECT 1 FROM `+table+` WHERE id = ?)`, id); err != nil {
		return err
	}
	if !exists {
		return apperror.NotFound("Record")
	}
	return apperror.Conflict(MsgStale)
}
