// Package tags is the tags of spec part 1 §7 "Entity and tags": job titles, skills and other
// tags, either global (no entity) or belonging to one entity, with the pickers' lists.
package tags

import (
	"database/sql"
	"strings"
	"time"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// The tag categories.
const (
	CategoryJobTitle = "job_title"
	CategorySkills   = "skills"
	CategoryOther    = "other"
)

// Messages, worded as the spec writes them where it does.
const (
	MsgRequired  = "This field is required"
	MsgDuplicate = "A tag with this name already exists."
	MsgStale     = "This record was changed by someone else. Reload and try again."
)

// MaxNameLength bounds a tag name.
const MaxNameLength = 100

// NormalizeName trims name and adds to v (under field) when it is empty.
func NormalizeName(v *apperror.Invalid, field, name string) string {
	name = strings.Join(strings.Fields(name), " ")
	if name == "" {
		v.Add(field, MsgRequired)
	}
	return name
}

// Tag is a tag as stored, with the name of its entity for entity tags.
type Tag struct {
	ID         int64          `db:"id"`
	Name       string         `db:"name"`
	Category   string         `db:"category"`
	EntityID   sql.NullInt64  `db:"entity_id"`
	EntityName sql.NullString `db:"entity_name"`
	CreatedAt  time.Time      `db:"created_at"`
	UpdatedAt  time.Time      `db:"updated_at"`
	Version    int            `db:"version"`
}

// Global reports whether the tag belongs to no entity.
func (t Tag) Global() bool { return !t.EntityID.Valid }

// Filter selects tags for the configureTags grid.
type Filter struct {
	Category string
	Name     string // contains, case-insensitive
	EntityID int64  // 0: any
	// GlobalOnly keeps the global tags only.
	GlobalOnly bool
	// Visible limits entity tags to those of the entities the caller sees; global tags are
	// always visible.
	Visible database.Visibility
	Sort    string
	Offset  int
	Limit   int
}

// Sorts maps the grid's sort names to ORDER BY terms.
var Sorts = map[string]string{
	"name":      "t.name_lc, t.id",
	"-name":     "t.name_lc DESC, t.id DESC",
	"category":  "t.category, t.name_lc, t.id",
	"-category": "t.category DESC, t.name_lc DESC, t.id DESC",
	"id":        "t.id",
	"-id":       "t.id DESC",
}

// DepartmentTags are the tags one department of an entity carries.
type DepartmentTags struct {
	DepartmentID   int64
	DepartmentName string
	Tags           []Tag
}
