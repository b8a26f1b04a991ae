// Package notes is internal notes on freelancers, bookmarks, follows, freelancer stats and the
// home page's onboarding progress.
//
// Rules (documented in docs/decisions.md):
//   - Internal notes belong to an entity (the author's). A note is visible (can_view) to users
//     linked to that entity (select or manage) and to administrators; it is editable (can_edit)
//     by administrators, by managers of that entity, and by its author while they are still
//     linked to the entity. Freelancers never read or write notes, not even about themselves.
//     A note is written for an entity the caller is linked to; the author is always the caller
//     (the body's user_id and created_at are accepted for the client's sake and ignored).
//     Updates carry the note's version; a stale version is 409.
//   - Bookmarks: client, agency and department managers and administrators; follows: client and
//     agency managers and administrators (spec §6). Both only target freelancers.
//   - Freelancer stats: the freelancer themself, administrators, and department managers (which
//     includes client and agency managers). The counts come from bookings and jobs (Store.Stats).
//   - Onboarding progress: freelancer_started 20, freelancer_needs_entity 40,
//     freelancer_needs_legal_entity 80, complete 100. Reading it moves a freelancer on as far as
//     their account allows: phone and location filled in → needs_entity; linked to an entity →
//     needs_legal_entity; managing an entity linked to a legal entity → complete. The states,
//     steps and percentages are accounts/onboarding.go; this feature reads the facts and writes
//     the step.
package notes

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
)

// Required is the spec's message for a missing note field.
const Required = "This field is required"

// NoteView is an internal note as stored and as the API shows it (field names as the spec
// writes them), with its author's and entity's names. CanEdit and CanView are the reader's
// rights, which the store leaves false and withRights sets.
type NoteView struct {
	ID           int64     `json:"id" db:"id"`
	FreelancerID int64     `json:"freelancer_id" db:"freelancer_id"`
	UserID       *int64    `json:"user_id" db:"user_id" nullable:"true" doc:"The author; null once their account is deleted"`
	EntityID     int64     `json:"entity_id" db:"entity_id"`
	Title        string    `json:"title" db:"title"`
	Description  string    `json:"description" db:"description"`
	CreatedAt    time.Time `json:"created_at" db:"created_at"`
	UpdatedAt    time.Time `json:"updated_at" db:"updated_at"`
	UserName     string    `json:"user_name" db:"user_name"`
	EntityName   string    `json:"entity_name" db:"entity_name"`
	CanEdit      bool      `json:"can_edit" db:"-"`
	CanView      bool      `json:"can_view" db:"-"`
	Version      int       `json:"version" db:"version"`
}

// withRights is n with p's rights on it.
func (n NoteView) withRights(p *auth.Principal) NoteView {
	n.CanEdit, n.CanView = CanEdit(p, n), CanView(p, n.EntityID)
	return n
}

// CanView reports whether p may read notes written for entity: one the caller is linked to
// (select or manage), any for administrators.
func CanView(p *auth.Principal, entity int64) bool {
	return access.VisibleEntities(p).Includes(entity)
}

// CanEdit reports whether p may change note n.
func CanEdit(p *auth.Principal, n NoteView) bool {
	if !CanView(p, n.EntityID) {
		return false
	}
	return p.Has(auth.ManageEntity(n.EntityID)) || (n.UserID != nil && *n.UserID == p.UserID)
}

// CanBookmark reports whether p may bookmark freelancers.
func CanBookmark(p *auth.Principal) bool {
	return access.IsClientOrAgencyManager(p) || p.Has(auth.NeedDepartmentManager)
}

// CanFollow reports whether p may follow freelancers (client or agency managers, spec §6).
func CanFollow(p *auth.Principal) bool {
	return access.IsClientOrAgencyManager(p)
}

// CanSeeStats reports whether p may read freelancer id's stats.
func CanSeeStats(p *auth.Principal, id int64) bool {
	return p.UserID == id || p.Has(auth.NeedDepartmentManager)
}

// NoteInput is what a create or update carries, after trimming.
type NoteInput struct {
	EntityID    int64
	Title       string
	Description string
}

// Validate checks the required fields and lengths.
func (in *NoteInput) Validate() error {
	var v apperror.Invalid
	in.Title = strings.TrimSpace(in.Title)
	in.Description = strings.TrimSpace(in.Description)
	if in.EntityID <= 0 {
		v.Add("entity_id", Required)
	}
	switch {
	case in.Title == "":
		v.Add("title", Required)
	case utf8.RuneCountInString(in.Title) > 200:
		v.Add("title", "Maximum length is 200 characters")
	}
	switch {
	case in.Description == "":
		v.Add("description", Required)
	case utf8.RuneCountInString(in.Description) > 10000:
		v.Add("description", "Maximum length is 10000 characters")
	}
	return v.Err()
}
