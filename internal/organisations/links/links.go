// Package links is the connections of spec part 1 §7 "Associations": users to entities (with
// job title tags), users to departments, and entities to legal entities. The user links are
// what the permission needs are computed from.
package links

import "github.com/hive/hive/internal/platform/database"

// Messages, worded as the spec writes them where it does.
const (
	MsgRequired          = "This field is required"
	MsgStale             = "This record was changed by someone else. Reload and try again."
	MsgDuplicateEntity   = "This user is already connected to this entity."
	MsgDuplicateDept     = "This user is already connected to this department."
	MsgDuplicateLegal    = "This legal entity is already connected to this entity."
	MsgUserUnknown       = "User not found."
	MsgDepartmentUnknown = "Department not found."
	MsgEntityUnknown     = "Entity not found."
	MsgLegalUnknown      = "Legal entity not found."
	MsgJobTitles         = "Job titles must be job title tags, global or of this entity."
)

// Scope limits list rows to what a caller may see: links of the visible records (all of them
// for administrators) and always the caller's own links.
type Scope struct {
	Visible database.Visibility
	Self    int64
}

// everything is the scope of whoever sees every link.
var everything = Scope{Visible: database.SeesAll()}

// Page is the paging and sort of a list.
type Page struct {
	Sort   string
	Offset int
	Limit  int
}

// LinkedUser is the user of a user link, with the names the grid shows.
type LinkedUser struct {
	UserID    int64  `db:"user_id"`
	FirstName string `db:"first_name"`
	LastName  string `db:"last_name"`
	Email     string `db:"email"`
}

// UserDepartmentRef is a user-department link with the names the grid shows.
type UserDepartmentRef struct {
	ID int64 `db:"id"`
	LinkedUser
	DepartmentID   int64  `db:"department_id"`
	CanHire        bool   `db:"can_hire"`
	CanManage      bool   `db:"can_manage"`
	CanSelect      bool   `db:"can_select"`
	Version        int    `db:"version"`
	DepartmentName string `db:"department_name"`
	ClientID       int64  `db:"client_id"`
	ClientName     string `db:"client_name"`
}

// DepartmentFlags are the rights a user-department link grants.
type DepartmentFlags struct {
	CanHire, CanManage, CanSelect bool
}

// UserEntityRef is a user-entity link with the names the grid shows.
type UserEntityRef struct {
	ID int64 `db:"id"`
	LinkedUser
	EntityID    int64  `db:"entity_id"`
	CanExternal bool   `db:"can_external"`
	CanManage   bool   `db:"can_manage"`
	CanSelect   bool   `db:"can_select"`
	Version     int    `db:"version"`
	EntityName  string `db:"entity_name"`
	EntityType  string `db:"entity_type"`
	JobTitles   []JobTitleRef
}

// JobTitleRef is a job title tag on a user-entity link.
type JobTitleRef struct {
	RefID int64  `db:"ref_id" json:"-"`
	ID    int64  `db:"id" json:"id"`
	Name  string `db:"name" json:"name"`
}

// EntityFlags are the rights a user-entity link grants.
type EntityFlags struct {
	CanExternal, CanManage, CanSelect bool
}

// UserLinkFilter selects the links of a kind of user link (users to departments, users to
// entities): to these records, of these users, and granting (true) or withholding (false) each
// of the kind's rights, in the order of its flags; empty or nil selects any.
type UserLinkFilter struct {
	RecordIDs []int64
	UserIDs   []int64
	Rights    [3]*bool
}

// LegalRef is an entity-legal-entity link with the names the grid shows.
type LegalRef struct {
	ID            int64  `db:"id"`
	EntityID      int64  `db:"entity_id"`
	LegalEntityID int64  `db:"legal_entity_id"`
	Version       int    `db:"version"`
	EntityName    string `db:"entity_name"`
	LegalName     string `db:"legal_name"`
	LegalStatus   string `db:"legal_status"`
}

// LegalFilter selects entity-legal-entity links; LinkedUserID keeps those of the entities a
// user is linked to.
type LegalFilter struct {
	EntityIDs      []int64
	LegalEntityIDs []int64
	LinkedUserID   int64
}
