package directory

import (
	"strings"
	"unicode/utf8"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/accounts"
)

// UserListItem is one row of the All Users grid: the account as accounts.UserView shows it and
// the viewer's marks on it. AccountStatus and the permission flags are for administrators only:
// they shadow UserView's (encoding/json and huma both take the outer field) as pointers with
// omitempty and stay nil (absent from the JSON) for everyone else, so one type serves both
// audiences and a manager's answer never carries them.
type UserListItem struct {
	accounts.UserView
	UserMarks
	AccountStatus           *string `json:"accountStatus,omitempty" enum:"unknown,active,inactive,reset_required,system,require_email_change" doc:"Administrators only"`
	CanAdmin                *bool   `json:"canAdmin,omitempty" doc:"Administrators only"`
	CanCreateSupplierEntity *bool   `json:"canCreateSupplierEntity,omitempty" doc:"Administrators only"`
	CanCreateAgencyEntity   *bool   `json:"canCreateAgencyEntity,omitempty" doc:"Administrators only"`
	CanCreateClientEntity   *bool   `json:"canCreateClientEntity,omitempty" doc:"Administrators only"`
}

// UserMarks say whether the viewer bookmarks and follows a listed user.
type UserMarks struct {
	IsBookmarked bool `json:"isBookmarked" db:"is_bookmarked" doc:"The viewer bookmarked this user"`
	IsFollowed   bool `json:"isFollowed" db:"is_followed" doc:"The viewer follows this user"`
}

// UserListPage is one page of the grid with the total across pages.
type UserListPage struct {
	Items []UserListItem `json:"items"`
	Total int            `json:"total"`
}

// row is what the store reads for a grid row: the account (rowColumns of it) and the viewer's
// marks on it.
type row struct {
	accounts.User
	UserMarks
}

// itemOf turns a row into a grid item; admin adds the administrator-only fields.
func itemOf(r row, admin bool) UserListItem {
	it := UserListItem{UserView: accounts.ViewOf(r.User), UserMarks: r.UserMarks}
	if admin {
		status := r.AccountStatus
		canAdmin, supplier, agency, client := r.CanAdmin, r.CanCreateSupplierEntity, r.CanCreateAgencyEntity, r.CanCreateClientEntity
		it.AccountStatus, it.CanAdmin = &status, &canAdmin
		it.CanCreateSupplierEntity, it.CanCreateAgencyEntity, it.CanCreateClientEntity = &supplier, &agency, &client
	}
	return it
}

// Query selects one page of the grid.
type Query struct {
	Freelancers *bool  // the tab: freelancers, staff, or nil for both
	Search      string // contains, in the full name or the e-mail address
	Sort        string // a key of sortColumns, "-" prefix for descending; "" is lastName
	// Column filters. Email and Label: contains. FirstName and LastName: starts with (a range
	// on the lower-cased, indexed name, so a name filter stays fast at 100,000 users).
	// OnboardingState and AccountStatus: exact.
	Email, FirstName, LastName, Label string
	OnboardingState, AccountStatus    string
	// Scope limits the list to whom a manager or staff member may see (access.UsersSeenBy);
	// nil for administrators.
	Scope         *access.UserScope
	Offset, Limit int
	// Viewer is the signed-in user, whose bookmarks and follows the rows report.
	Viewer int64
}

// SortFields are the grid's sort keys; accountStatus is for administrators only.
var SortFields = []string{"email", "firstName", "lastName", "label", "onboardingState", "accountStatus"}

// sortColumns maps a sort key to its ORDER BY expressions (ties end on id). The name and e-mail
// orders match the indexes of migration 00007.
var sortColumns = map[string][]string{
	"email":           {"email_lc"},
	"firstName":       {"LOWER(first_name)", "LOWER(last_name)"},
	"lastName":        {"LOWER(last_name)", "LOWER(first_name)"},
	"label":           {"LOWER(label)"},
	"onboardingState": {"onboarding_state"},
	"accountStatus":   {"account_status"},
}

// orderBy returns the ORDER BY list for sort with columns qualified by alias (may be "");
// ok is false for an unknown key.
func orderBy(sort, alias string) (string, bool) {
	if sort == "" {
		sort = "lastName"
	}
	dir := " ASC"
	if strings.HasPrefix(sort, "-") {
		dir = " DESC"
	}
	cols, ok := sortColumns[strings.TrimPrefix(sort, "-")]
	if !ok {
		return "", false
	}
	q := func(c string) string {
		if alias == "" {
			return c
		}
		if i := strings.Index(c, "("); i >= 0 {
			return c[:i+1] + alias + "." + c[i+1:]
		}
		return alias + "." + c
	}
	parts := make([]string, 0, len(cols)+1)
	for _, c := range append(cols, "id") {
		parts = append(parts, q(c)+dir)
	}
	return strings.Join(parts, ", "), true
}

// prefixBounds returns the half-open range [lo, hi) of strings starting with the lower-cased
// term: hi is the term with its last character incremented. With byte-wise order (SQLite's
// BINARY, PostgreSQL's C collation) the range is exactly the prefix match.
func prefixBounds(term string) (lo, hi string) {
	lo = strings.ToLower(term)
	r, size := utf8.DecodeLastRuneInString(lo)
	return lo, lo[:len(lo)-size] + string(r+1)
}

// containsTerm is what a contains match looks for: the term lower-cased, with % and _ dropped
// (the LIKE patterns use no escape character).
func containsTerm(term string) string {
	return strings.NewReplacer("%", "", "_", "").Replace(strings.ToLower(term))
}

// likeContains is a LIKE pattern for "contains term".
func likeContains(term string) string {
	return "%" + containsTerm(term) + "%"
}

// minTrigramTerm is the shortest term a trigram index can narrow: its rows are found by the
// term's runs of three characters.
const minTrigramTerm = 3

// trigramPhrase is the FTS5 query of SQLite's users_contains (migration 00040) for the rows
// whose name or e-mail address contains term: a quoted phrase, which the trigram tokenizer
// matches as a substring. ok is false for a term too short to narrow by (the search then tests
// every row). The phrase finds at least the rows the LIKE of likeContains matches (its case
// folding covers more), so the store tests that LIKE on them as well.
func trigramPhrase(term string) (string, bool) {
	t := containsTerm(term)
	if utf8.RuneCountInString(t) < minTrigramTerm {
		return "", false
	}
	return `"` + strings.ReplaceAll(t, `"`, `""`) + `"`, true
}
