// Package departments is the departments of client entities: the 'All Departments' grid,
// create, read and update, and the tags a department carries.
package departments

import (
	"strings"
	"time"
	_ "time/tzdata" // zone names are checked without relying on the host's zone files

	"github.com/hive/hive/internal/organisations/contact"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/input"
)

// Validation messages, worded as the spec writes them (part 1 §5).
const (
	MsgRequired     = "This field is required"
	MsgEmailInvalid = "Invalid email address"
	MsgTimezone     = "Timezone is required. It is used by the product to determine bookings."
	MsgCancelWindow = "Enter a whole number of days, 0 or more."
	MsgNotClient    = "The client must be an entity of type client."
	MsgDuplicate    = "A department with this name already exists for this client."
	MsgTagInvalid   = "Tags must be tags of this client or global tags."
)

// DefaultTimezone is the zone of a department that names none.
const DefaultTimezone = "Europe/London"

// Fields are the editable fields of a department.
type Fields struct {
	Name string
	contact.Details
	Timezone         string
	CancelWindowDays int
}

// Normalize trims the text fields, strips white space from the e-mail address, applies the
// default zone, and adds what is invalid to v.
func (f *Fields) Normalize(v *apperror.Invalid) {
	f.Name = strings.TrimSpace(f.Name)
	for _, s := range []*string{&f.Address1, &f.Address2, &f.Address3, &f.Address4, &f.Phone} {
		*s = strings.TrimSpace(*s)
	}
	f.Email = strings.Join(strings.Fields(f.Email), "")
	f.Timezone = strings.TrimSpace(f.Timezone)
	if f.Name == "" {
		v.Add("name", MsgRequired)
	}
	if f.Email != "" && !input.ValidEmail(f.Email) {
		v.Add("email", MsgEmailInvalid)
	}
	if f.Timezone == "" {
		f.Timezone = DefaultTimezone
	}
	if !input.ValidZone(f.Timezone) {
		v.Add("timezone", MsgTimezone)
	}
	if f.CancelWindowDays < 0 {
		v.Add("cancelWindowDays", MsgCancelWindow)
	}
}

// Department is a department as stored, with its client's name.
type Department struct {
	ID         int64  `db:"id"`
	ClientID   int64  `db:"client_id"`
	ClientName string `db:"client_name"`
	Name       string `db:"name"`
	contact.Details
	Timezone   string    `db:"timezone"`
	CancelDays int       `db:"cancel_window_days"`
	CreatedAt  time.Time `db:"created_at"`
	UpdatedAt  time.Time `db:"updated_at"`
	Version    int       `db:"version"`
}

// Fields returns the editable fields of d.
func (d Department) Fields() Fields {
	return Fields{Name: d.Name, Details: d.Details, Timezone: d.Timezone, CancelWindowDays: d.CancelDays}
}

// DepartmentTag is a tag a department carries.
type DepartmentTag struct {
	ID       int64  `db:"id" json:"id"`
	Name     string `db:"name" json:"name"`
	Category string `db:"category" json:"category" enum:"job_title,skills,other"`
}

// Filter selects departments for the grid.
type Filter struct {
	Name     string  // contains, case-insensitive
	ClientID int64   // 0: any
	UserIDs  []int64 // departments these users are linked to; empty: any
	// Visible limits the rows to the departments the caller may see.
	Visible database.Visibility
	Sort    string
	Offset  int
	Limit   int
}

// Sorts maps the grid's sort names to ORDER BY terms; every term ends on the id so pages are
// stable.
var Sorts = map[string]string{
	"id":      "d.id",
	"name":    "d.name_lc, d.id",
	"client":  "e.name_lc, d.name_lc, d.id",
	"-id":     "d.id DESC",
	"-name":   "d.name_lc DESC, d.id DESC",
	"-client": "e.name_lc DESC, d.name_lc DESC, d.id DESC",
}
