package tags

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/search/index"
)

// Store reads and writes tags.
type Store struct {
	DB *database.DB
}

const tagColumns = `t.id, t.name, t.category, t.entity_id, e.name AS entity_name, t.created_at, t.updated_at, t.version`
const tagFrom = ` FROM tags t LEFT JOIN entities e ON e.id = t.entity_id`

func find(ctx context.Context, q database.Reader, id int64) (Tag, error) {
	var t Tag
	err := q.Get(ctx, &t, `SELECT `+tagColumns+tagFrom+` WHERE t.id = ?`, id)
	return t, database.NotFound(err, "Tag")
}

// Tag returns one tag; not found is N-404.
func (s *Store) Tag(ctx context.Context, id int64) (Tag, error) { return find(ctx, s.DB, id) }

// List returns one page of tags and the total.
func (s *Store) List(ctx context.Context, f Filter) ([]Tag, int, error) {
	var where database.Where
	switch {
	case f.GlobalOnly:
		where.Add("t.entity_id IS NULL")
	case f.EntityID != 0:
		where.Add("t.entity_id = ?", f.EntityID)
	case f.Visible.None():
		where.Add("t.entity_id IS NULL")
	case !f.Visible.All:
		cond, ids := f.Visible.Condition("t.entity_id")
		where.Add("(t.entity_id IS NULL OR "+cond+")", ids...)
	}
	if f.Category != "" {
		where.Add("t.category = ?", f.Category)
	}
	if term := strings.ToLower(strings.TrimSpace(f.Name)); term != "" {
		where.Add("t.name_lc LIKE ?", "%"+term+"%")
	}
	clause, args := where.SQL(), where.Args()
	order, ok := Sorts[f.Sort]
	if !ok {
		order = Sorts["name"]
	}
	type pageRow struct {
		Tag
		Total int `db:"total"`
	}
	out, total, err := database.WindowPage(ctx, s.DB, `SELECT `+tagColumns+`, COUNT(*) OVER() AS total`+tagFrom+clause+
		` ORDER BY `+order, `SELECT COUNT(*)`+tagFrom+clause, args, f.Limit, f.Offset,
		func(r pageRow) (Tag, int) { return r.Tag, r.Total })
	if err != nil {
		return nil, 0, fmt.Errorf("list tags: %w", err)
	}
	return out, total, nil
}

// Global returns every global tag of category, by name, for the pickers.
func (s *Store) Global(ctx context.Context, category string) ([]Tag, error) {
	out := []Tag{}
	err := s.DB.Select(ctx, &out, `SELECT `+tagColumns+tagFrom+` WHERE t.entity_id IS NULL AND t.category = ?
		ORDER BY t.name_lc, t.id`, category)
	return out, err
}

// EntityTags returns the tags of entity id, of category when it is not empty.
func (s *Store) EntityTags(ctx context.Context, id int64, category string) ([]Tag, error) {
	out := []Tag{}
	q, args := `SELECT `+tagColumns+tagFrom+` WHERE t.entity_id = ?`, []any{id}
	if category != "" {
		q, args = q+` AND t.category = ?`, append(args, category)
	}
	err := s.DB.Select(ctx, &out, q+` ORDER BY t.category, t.name_lc, t.id`, args...)
	return out, err
}

// ByDepartment returns every department of entity id (by name) with the tags it carries.
func (s *Store) ByDepartment(ctx context.Context, id int64) ([]DepartmentTags, error) {
	var depts []struct {
		ID   int64  `db:"id"`
		Name string `db:"name"`
	}
	if err := s.DB.Select(ctx, &depts, `SELECT id, name FROM departments WHERE client_id = ? ORDER BY name_lc, id`, id); err != nil {
		return nil, fmt.Errorf("departments: %w", err)
	}
	var rows []struct {
		DepartmentID int64 `db:"department_id"`
		Tag
	}
	if err := s.DB.Select(ctx, &rows, `SELECT dt.department_id, `+tagColumns+` FROM department_tags dt
		JOIN departments d ON d.id = dt.department_id
		JOIN tags t ON t.id = dt.tag_id
		LEFT JOIN entities e ON e.id = t.entity_id
		WHERE d.client_id = ? ORDER BY t.category, t.name_lc, t.id`, id); err != nil {
		return nil, fmt.Errorf("department tags: %w", err)
	}
	out := make([]DepartmentTags, len(depts))
	at := make(map[int64]int, len(depts))
	for i, d := range depts {
		out[i], at[d.ID] = DepartmentTags{DepartmentID: d.ID, DepartmentName: d.Name, Tags: []Tag{}}, i
	}
	for _, r := range rows {
		g := &out[at[r.DepartmentID]]
		g.Tags = append(g.Tags, r.Tag)
	}
	return out, nil
}

// EntityExists reports whether entity id exists.
func (s *Store) EntityExists(ctx context.Context, id int64) (bool, error) {
	var n int
	err := s.DB.Get(ctx, &n, `SELECT COUNT(*) FROM entities WHERE id = ?`, id)
	return n > 0, err
}

// Create inserts a tag; entityID 0 makes it global. A name already used in the category (and
// entity), in any case, is C-409.
func (s *Store) Create(ctx context.Context, name, category string, entityID int64) (Tag, error) {
	var t Tag
	var entity any
	if entityID != 0 {
		entity = entityID
	}
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		var id int64
		err := tx.Get(ctx, &id, `INSERT INTO tags (name, name_lc, category, entity_id, created_at, updated_at, version)
			VALUES (?, ?, ?, ?, ?, ?, 1) RETURNING id`, name, strings.ToLower(name), category, entity, tx.Now, tx.Now)
		switch {
		case errors.Is(err, database.ErrUniqueViolation):
			return apperror.Conflict(MsgDuplicate)
		case errors.Is(err, database.ErrForeignKeyViolation):
			return apperror.NotFound("Entity")
		case err != nil:
			return fmt.Errorf("insert tag: %w", err)
		}
		t, err = find(ctx, tx, id)
		return err
	})
	return t, err
}

// Rename gives tag id a new name when version is still current.
func (s *Store) Rename(ctx context.Context, id int64, version int, name string) (Tag, error) {
	var t Tag
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		n, err := tx.Exec(ctx, `UPDATE tags SET name = ?, name_lc = ?, updated_at = ?, version = version + 1
			WHERE id = ? AND version = ?`, name, strings.ToLower(name), tx.Now, id, version)
		switch {
		case errors.Is(err, database.ErrUniqueViolation):
			return apperror.Conflict(MsgDuplicate)
		case err != nil:
			return fmt.Errorf("rename tag: %w", err)
		}
		if n == 0 {
			if _, err := find(ctx, tx, id); err != nil {
				return err
			}
			return apperror.Conflict(MsgStale)
		}
		if err := index.RefreshTag(ctx, tx, id); err != nil { // the job titles of its holders
			return err
		}
		t, err = find(ctx, tx, id)
		return err
	})
	return t, err
}

// Delete removes tag id; its links to departments, users and user-entity links go with it.
func (s *Store) Delete(ctx context.Context, id int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		holders, err := index.TagHolders(ctx, tx, id)
		if err != nil {
			return err
		}
		n, err := tx.Exec(ctx, `DELETE FROM tags WHERE id = ?`, id)
		if err != nil {
			return fmt.Errorf("delete tag: %w", err)
		}
		if n == 0 {
			return apperror.NotFound("Tag")
		}
		return index.RefreshAll(ctx, tx, index.User, holders) // their job titles
	})
}
