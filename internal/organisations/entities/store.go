package entities

import (
	"context"
	"fmt"
	"strings"

	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/search/index"
)

// Store reads and writes entities.
type Store struct {
	DB *database.DB
}

const entityColumns = `id, name, type, preferred_legal_entity_id, country, timezone, email, cancel_window_days,
	second_factor_required, created_at, updated_at, version`

// MsgStale is the answer to a write against an old version.
const MsgStale = "This record was changed by someone else. Reload and try again."

func find(ctx context.Context, q database.Reader, id int64) (Entity, error) {
	var e Entity
	err := q.Get(ctx, &e, `SELECT `+entityColumns+` FROM entities WHERE id = ?`, id)
	return e, database.NotFound(err, "Entity")
}

// Entity returns one entity; not found is N-404.
func (s *Store) Entity(ctx context.Context, id int64) (Entity, error) { return find(ctx, s.DB, id) }

// ListQuery selects a page of the All Entities grid.
type ListQuery struct {
	Name    string // contains, case-insensitive
	Type    string
	Sort    string // name, type, id; "-" prefix for descending
	Offset  int
	Limit   int
	Visible database.Visibility // the entities the caller may see
}

// sortColumns whitelists the grid's sort fields.
var sortColumns = map[string]string{"name": "name_lc", "type": "type, name_lc", "id": "id"}

// SortOrder turns a sort parameter into an ORDER BY clause from a whitelist; ok is false for an
// unknown field.
func SortOrder(sort string, columns map[string]string, def string) (string, bool) {
	if sort == "" {
		sort = def
	}
	desc := strings.HasPrefix(sort, "-")
	col, ok := columns[strings.TrimPrefix(sort, "-")]
	if !ok {
		return "", false
	}
	dir := " ASC"
	if desc {
		dir = " DESC"
	}
	var parts []string
	for _, c := range strings.Split(col, ",") {
		parts = append(parts, strings.TrimSpace(c)+dir)
	}
	if col != "id" {
		parts = append(parts, "id"+dir)
	}
	return strings.Join(parts, ", "), true
}

// List returns one page of entities and the total across pages.
func (s *Store) List(ctx context.Context, q ListQuery) ([]Entity, int, error) {
	order, ok := SortOrder(q.Sort, sortColumns, "name")
	if !ok {
		return nil, 0, apperror.Field("sort", "Sort by name, type or id.")
	}
	var where database.Where
	if !where.Visible("id", q.Visible) {
		return []Entity{}, 0, nil
	}
	if q.Name != "" {
		where.Add("name_lc LIKE ?", "%"+likeEscape(strings.ToLower(q.Name))+"%")
	}
	if q.Type != "" {
		where.Add("type = ?", q.Type)
	}
	cond, args := where.SQL(), where.Args()
	// The page's ids come from the index alone (entities_name, entities_type_name or the primary
	// key, which are covering for these orders).
	out, total, err := database.PageByIDs[Entity](ctx, s.DB, database.IDPage{Table: "entities", Alias: "e", Cond: cond,
		Args: args, Order: order, Outer: database.Qualify("e", order), Columns: database.Qualify("e", entityColumns),
		Limit: q.Limit, Offset: q.Offset})
	if err != nil {
		return nil, 0, fmt.Errorf("list entities: %w", err)
	}
	return out, total, nil
}

// likeEscape keeps % and _ typed by the user literal; LIKE patterns here use no escape
// character, so they are dropped rather than matched as wildcards.
func likeEscape(s string) string {
	return strings.NewReplacer("%", "", "_", "").Replace(s)
}

// auditRow is the entity as the history stores it.
func auditRow(e Entity) map[string]any {
	return map[string]any{"id": e.ID, "name": e.Name, "type": e.Type, "preferredLegalEntityId": e.PreferredLegalEntityID,
		"country": e.Country, "timezone": e.Timezone, "email": e.Email, "cancelWindowDays": e.CancelWindowDays,
		"secondFactorRequired": e.SecondFactorRequired, "version": e.Version}
}

// Create inserts e and, when creatorID is not 0, links the creator to it with manage and
// select rights so they can manage what they made.
func (s *Store) Create(ctx context.Context, e *Entity, creatorID int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		e.CreatedAt, e.UpdatedAt, e.Version = tx.Now, tx.Now, 1
		err := tx.Get(ctx, &e.ID, `INSERT INTO entities (name, name_lc, type, preferred_legal_entity_id, country, timezone,
			email, cancel_window_days, created_at, updated_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			e.Name, strings.ToLower(e.Name), e.Type, e.PreferredLegalEntityID, e.Country, e.Timezone, e.Email,
			e.CancelWindowDays, e.CreatedAt, e.UpdatedAt, e.Version)
		if err != nil {
			return fmt.Errorf("insert entity: %w", err)
		}
		if err := audit.Record(ctx, tx, audit.Insert, audit.SourceEntity, e.ID, auditRow(*e)); err != nil {
			return err
		}
		if err := index.Refresh(ctx, tx, index.Entity, e.ID); err != nil {
			return err
		}
		if creatorID == 0 {
			return nil
		}
		_, err = tx.Exec(ctx, `INSERT INTO user_entity_refs (user_id, entity_id, can_external, can_manage, can_select,
			created_at, updated_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, 1)`, creatorID, e.ID, false, true, true, tx.Now, tx.Now)
		if err != nil {
			return fmt.Errorf("link creator: %w", err)
		}
		return nil
	})
}

// Update reads entity id in a transaction, lets change modify it (returning a validation or
// permission error to abandon the write), and saves it when version is still current. change
// may ask, through linked, whether a legal entity is linked to the entity.
func (s *Store) Update(ctx context.Context, id int64, version int, change func(e *Entity, linked Linked) error) (Entity, error) {
	var e Entity
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		var err error
		if e, err = find(ctx, tx, id); err != nil {
			return err
		}
		if e.Version != version {
			return apperror.Conflict(MsgStale)
		}
		linked := func(le int64) (bool, error) { return LegalEntityLinked(ctx, tx, e.ID, le) }
		if err := change(&e, linked); err != nil {
			return err
		}
		e.UpdatedAt = tx.Now
		n, err := tx.Exec(ctx, `UPDATE entities SET name = ?, name_lc = ?, preferred_legal_entity_id = ?, country = ?,
			timezone = ?, email = ?, cancel_window_days = ?, second_factor_required = ?, updated_at = ?, version = version + 1
			WHERE id = ? AND version = ?`, e.Name, strings.ToLower(e.Name), e.PreferredLegalEntityID, e.Country,
			e.Timezone, e.Email, e.CancelWindowDays, e.SecondFactorRequired, e.UpdatedAt, id, version)
		if err != nil {
			return fmt.Errorf("update entity: %w", err)
		}
		if n == 0 {
			return apperror.Conflict(MsgStale)
		}
		e.Version++
		if err := index.Refresh(ctx, tx, index.Entity, e.ID); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Update, audit.SourceEntity, e.ID, auditRow(e))
	})
	return e, err
}

// SetSecondFactorRequired turns the entity's requirement of a second factor of its managers on
// or off. A switch rather than a form's field, it takes no version and leaves it as it is, so an
// edit form open elsewhere is not made stale by it; the history records it.
func (s *Store) SetSecondFactorRequired(ctx context.Context, id int64, required bool) (Entity, error) {
	var e Entity
	err := s.DB.InTx(ctx, func(tx *database.Tx) error {
		var err error
		if e, err = find(ctx, tx, id); err != nil {
			return err
		}
		e.SecondFactorRequired, e.UpdatedAt = required, tx.Now
		if _, err := tx.Exec(ctx, `UPDATE entities SET second_factor_required = ?, updated_at = ? WHERE id = ?`,
			required, tx.Now, id); err != nil {
			return fmt.Errorf("set second factor required: %w", err)
		}
		return audit.Record(ctx, tx, audit.Update, audit.SourceEntity, e.ID, auditRow(e))
	})
	return e, err
}

// Linked reports whether a legal entity is linked to the entity being changed.
type Linked func(legalEntity int64) (bool, error)

// LegalEntityLinked reports whether legal entity le is linked to entity id.
func LegalEntityLinked(ctx context.Context, tx *database.Tx, id, le int64) (bool, error) {
	var n int
	err := tx.Get(ctx, &n, `SELECT COUNT(*) FROM entity_legal_entity_refs WHERE entity_id = ? AND legal_entity_id = ?`, id, le)
	return n > 0, err
}

// UserEntity is one entity a user is linked to.
type UserEntity struct {
	ID          int64  `db:"id"`
	Name        string `db:"name"`
	Type        string `db:"type"`
	CanManage   bool   `db:"can_manage"`
	CanSelect   bool   `db:"can_select"`
	CanExternal bool   `db:"can_external"`
}

// ByUser lists the entities userID is linked to, by name.
func (s *Store) ByUser(ctx context.Context, userID int64) ([]UserEntity, error) {
	out := []UserEntity{}
	err := s.DB.Select(ctx, &out, `SELECT e.id, e.name, e.type, r.can_manage, r.can_select, r.can_external
		FROM user_entity_refs r JOIN entities e ON e.id = r.entity_id WHERE r.user_id = ? ORDER BY e.name_lc, e.id`, userID)
	return out, err
}

// Department is the short form of a department in an entity's department list.
type Department struct {
	ID               int64  `db:"id"`
	Name             string `db:"name"`
	ClientID         int64  `db:"client_id"`
	Timezone         string `db:"timezone"`
	CancelWindowDays int    `db:"cancel_window_days"`
}

// Departments lists the departments of entity id, by name.
func (s *Store) Departments(ctx context.Context, id int64) ([]Department, error) {
	out := []Department{}
	err := s.DB.Select(ctx, &out, `SELECT id, name, client_id, timezone, cancel_window_days FROM departments
		WHERE client_id = ? ORDER BY name_lc, id`, id)
	return out, err
}
