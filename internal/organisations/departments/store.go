package departments

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hive/hive/internal/organisations/tags"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/search/index"
)

// MsgStale is the answer to a PATCH whose version is no longer current.
const MsgStale = "This record was changed by someone else. Reload and try again."

// Store reads and writes departments.
type Store struct {
	DB *database.DB
}

const departmentColumns = `d.id, d.client_id, e.name AS client_name, d.name, d.address1, d.address2, d.address3,
	d.address4, d.email, d.phone, d.timezone, d.cancel_window_days, d.created_at, d.updated_at, d.version`

func find(ctx context.Context, q database.Reader, id int64) (Department, error) {
	var d Department
	err := q.Get(ctx, &d, `SELECT `+departmentColumns+` FROM departments d JOIN entities e ON e.id = d.client_id
		WHERE d.id = ?`, id)
	return d, database.NotFound(err, "Department")
}

// Department returns one department; not found is N-404.
func (s *Store) Department(ctx context.Context, id int64) (Department, error) {
	return find(ctx, s.DB, id)
}

// Tags returns the tags department id carries, by category and name.
func (s *Store) Tags(ctx context.Context, id int64) ([]DepartmentTag, error) {
	return tagsOf(ctx, s.DB, id)
}

func tagsOf(ctx context.Context, q database.Reader, id int64) ([]DepartmentTag, error) {
	tags := []DepartmentTag{}
	err := q.Select(ctx, &tags, `SELECT t.id, t.name, t.category FROM department_tags dt JOIN tags t ON t.id = dt.tag_id
		WHERE dt.department_id = ? ORDER BY t.category, t.name_lc, t.id`, id)
	return tags, err
}

// List returns one page of departments and the total across pages.
func (s *Store) List(ctx context.Context, f Filter) ([]Department, int, error) {
	var where database.Where
	if !where.Visible("d.id", f.Visible) {
		return []Department{}, 0, nil
	}
	if term := strings.ToLower(strings.TrimSpace(f.Name)); term != "" {
		where.Add("d.name_lc LIKE ?", "%"+term+"%")
	}
	if f.ClientID != 0 {
		where.Add("d.client_id = ?", f.ClientID)
	}
	if len(f.UserIDs) > 0 {
		in, ids := database.In(f.UserIDs)
		where.Add("d.id IN (SELECT department_id FROM user_department_refs WHERE user_id IN ("+in+"))", ids...)
	}
	clause, args := where.SQL(), where.Args()
	order, ok := Sorts[f.Sort]
	if !ok {
		order = Sorts["name"]
	}
	type pageRow struct {
		Department
		Total int `db:"total"`
	}
	const from = ` FROM departments d JOIN entities e ON e.id = d.client_id`
	out, total, err := database.WindowPage(ctx, s.DB, `SELECT `+departmentColumns+`, COUNT(*) OVER() AS total`+from+clause+
		` ORDER BY `+order, `SELECT COUNT(*)`+from+clause, args, f.Limit, f.Offset,
		func(r pageRow) (Department, int) { return r.Department, r.Total })
	if err != nil {
		return nil, 0, fmt.Errorf("list departments: %w", err)
	}
	return out, total, nil
}

// Create inserts a department of client clientID, which must be an entity of type client, with
// the given tags (global tags or tags of that client).
func (s *Store) Create(ctx context.Context, clientID int64, f Fields, tagIDs []int64) (Department, error) {
	var d Department
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		var kind string
		found, err := database.Found(tx.Get(ctx, &kind, `SELECT type FROM entities WHERE id = ?`, clientID))
		if err != nil {
			return err
		}
		if !found || kind != "client" {
			return apperror.Field("clientId", MsgNotClient)
		}
		var id int64
		err = tx.Get(ctx, &id, `INSERT INTO departments (client_id, name, name_lc, address1, address2, address3, address4,
			email, phone, timezone, cancel_window_days, created_at, updated_at, version)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1) RETURNING id`,
			clientID, f.Name, strings.ToLower(f.Name), f.Address1, f.Address2, f.Address3, f.Address4, f.Email, f.Phone,
			f.Timezone, f.CancelWindowDays, tx.Now, tx.Now)
		if errors.Is(err, database.ErrUniqueViolation) {
			return apperror.Conflict(MsgDuplicate)
		}
		if err != nil {
			return fmt.Errorf("insert department: %w", err)
		}
		if err := index.Refresh(ctx, tx, index.Department, id); err != nil {
			return err
		}
		if tagIDs != nil {
			if err := departmentTags.Replace(ctx, tx, id, clientID, tagIDs); err != nil {
				return err
			}
		}
		d, err = find(ctx, tx, id)
		return err
	})
	return d, err
}

// Update writes f over department id when version is still current; tagIDs nil leaves the tags.
func (s *Store) Update(ctx context.Context, id int64, version int, f Fields, tagIDs []int64) (Department, error) {
	var d Department
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		afters, err := beforeChange(ctx, tx, id)
		if err != nil {
			return err
		}
		n, err := tx.Exec(ctx, `UPDATE departments SET name = ?, name_lc = ?, address1 = ?, address2 = ?, address3 = ?,
			address4 = ?, email = ?, phone = ?, timezone = ?, cancel_window_days = ?, updated_at = ?, version = version + 1
			WHERE id = ? AND version = ?`,
			f.Name, strings.ToLower(f.Name), f.Address1, f.Address2, f.Address3, f.Address4, f.Email, f.Phone, f.Timezone,
			f.CancelWindowDays, tx.Now, id, version)
		if errors.Is(err, database.ErrUniqueViolation) {
			return apperror.Conflict(MsgDuplicate)
		}
		if err != nil {
			return fmt.Errorf("update department: %w", err)
		}
		if n == 0 {
			if _, err := find(ctx, tx, id); err != nil {
				return err
			}
			return apperror.Conflict(MsgStale)
		}
		if err := index.Refresh(ctx, tx, index.Department, id); err != nil {
			return err
		}
		if d, err = find(ctx, tx, id); err != nil {
			return err
		}
		for _, after := range afters {
			if err := after(); err != nil {
				return err
			}
		}
		if tagIDs != nil {
			return departmentTags.Replace(ctx, tx, id, d.ClientID, tagIDs)
		}
		return nil
	})
	return d, err
}

// departmentTags are a department's tags: global ones or its client's.
var departmentTags = tags.Uses{Table: "department_tags", Record: "department_id", What: "tag department",
	Refusal: func() error { return apperror.Field("tagIds", MsgTagInvalid) }}
