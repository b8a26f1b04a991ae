// Package profile is one person's account as others see and edit it: GET /account/{id} (the
// full profile), POST /account (assisted create) and PATCH /account/{id} (updateAuthUser).
package profile

import (
	"bufio"
	_ "embed"
	"fmt"
	"github.com/hive/hive/internal/platform/input"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
)

// Validation messages, worded as the spec writes them.
const (
	MsgRequired       = accounts.MsgFieldRequired
	MsgInvalidAmount  = "Invalid amount"
	MsgInvalidURL     = "Invalid URL"
	MsgSystemAccount  = "A system account cannot be changed."
	MsgEntityRequired = "Assisted accounts must belong to at least one entity."
	MsgUnknownTag     = "Unknown tag"
	MsgTimezoneOfZone = "Choose a timezone of the selected country, or UTC."
	MsgGender         = "Choose male, female or other."
	MsgDefaultPerms   = "Choose freelancer or staff."
)

// Currencies a day rate may be in.
var Currencies = []string{"GBP", "EUR", "USD", "AUD"}

// ProfileLocation is a place as the location search returns it.
type ProfileLocation struct {
	LocationName string   `json:"location_name" maxLength:"300"`
	Latitude     *float64 `json:"latitude" required:"false" minimum:"-90" maximum:"90"`
	Longitude    *float64 `json:"longitude" required:"false" minimum:"-180" maximum:"180"`
}

// ProfileDayRate is a desired rate; rate is a decimal string with two places ("350.00").
type ProfileDayRate struct {
	Currency string `json:"currency" enum:"GBP,EUR,USD,AUD"`
	Period   string `json:"period" enum:"day"`
	Rate     string `json:"rate" maxLength:"20"`
}

// ProfileSkill is a skills tag of a user.
type ProfileSkill struct {
	SkillID   int64  `json:"skill_id"`
	SkillName string `json:"skill_name"`
}

// ProfileJobTitle is a job-title tag of a user.
type ProfileJobTitle struct {
	JobTitleID   int64  `json:"job_title_id"`
	JobTitleName string `json:"job_title_name"`
}

// ProfileLink is an entity or department the user is connected to.
type ProfileLink struct {
	ID        int64  `json:"id" db:"id"`
	Name      string `json:"name" db:"name"`
	CanManage bool   `json:"can_manage" db:"can_manage"`
}

// ProfileView is the full profile. The account flags shadow those of UserView (encoding/json
// and huma both take the outer field) so that they can be left out: only administrators and
// the user themself see them (AccountFlagsVisible).
type ProfileView struct {
	accounts.UserView
	AccountStatus           *string           `json:"accountStatus,omitempty" enum:"unknown,active,inactive,reset_required,system,require_email_change" doc:"Administrators and the user themself only"`
	CanAdmin                *bool             `json:"canAdmin,omitempty" doc:"Administrators and the user themself only"`
	CanCreateSupplierEntity *bool             `json:"canCreateSupplierEntity,omitempty" doc:"Administrators and the user themself only"`
	CanCreateAgencyEntity   *bool             `json:"canCreateAgencyEntity,omitempty" doc:"Administrators and the user themself only"`
	CanCreateClientEntity   *bool             `json:"canCreateClientEntity,omitempty" doc:"Administrators and the user themself only"`
	Gender                  string            `json:"gender" enum:",male,female,other"`
	GenderOther             string            `json:"genderOther" doc:"Free text when gender is other"`
	Location                ProfileLocation   `json:"location"`
	CV                      string            `json:"cv" doc:"Markdown"`
	Showreel                string            `json:"showreel" doc:"Markdown"`
	LinkedIn                string            `json:"linkedin"`
	IMDb                    string            `json:"imdb"`
	PersonalWebsite         string            `json:"personalWebsite"`
	BusinessType            string            `json:"businessType"`
	DayRate                 *ProfileDayRate   `json:"dayRate" doc:"Null when no rate is set"`
	PreferredSupplierID     *int64            `json:"preferredSupplierId"`
	DefaultPermissions      *string           `json:"defaultPermissions,omitempty" enum:",freelancer,staff" doc:"Administrators and the user themself only"`
	Skills                  []ProfileSkill    `json:"skills"`
	JobTitles               []ProfileJobTitle `json:"job_titles"`
	Entities                []ProfileLink     `json:"entities" doc:"Others than administrators and the user see only the entities they are linked to"`
	Departments             []ProfileLink     `json:"departments" doc:"Others than administrators and the user see only the departments they are linked to"`
	IsBookmarked            bool              `json:"isBookmarked"`
	IsFollowed              bool              `json:"isFollowed"`
	ProfileImageURL         string            `json:"profile_image_url"`
	Version                 int               `json:"version"`
	CanEdit                 bool              `json:"canEdit" doc:"The viewer may change this profile (CanEdit): the web shows the form read-only otherwise"`
	CanSeeStats             bool              `json:"canSeeStats" doc:"A freelancer whose stats the viewer may read (notes.CanSeeStats): the web asks for them only then"`
	CanSeeDocuments         bool              `json:"canSeeDocuments" doc:"The viewer may list and download this user's documents (files.CanReadDocuments): the web shows the Documents tab only then"`
	CanChangeDocuments      bool              `json:"canChangeDocuments" doc:"The viewer may upload and delete this user's documents (the user and administrators)"`
}

// Row is a user with the profile columns, as stored.
type Row struct {
	accounts.User
	Gender              string   `db:"gender"`
	GenderOther         string   `db:"gender_other"`
	LocationName        string   `db:"location_name"`
	Latitude            *float64 `db:"latitude"`
	Longitude           *float64 `db:"longitude"`
	CV                  string   `db:"cv"`
	Showreel            string   `db:"showreel"`
	LinkedIn            string   `db:"linkedin"`
	IMDb                string   `db:"imdb"`
	PersonalWebsite     string   `db:"personal_website"`
	BusinessType        string   `db:"business_type"`
	DayRateMinor        *int64   `db:"day_rate_minor"`
	DayRateCurrency     string   `db:"day_rate_currency"`
	DayRatePeriod       string   `db:"day_rate_period"`
	PreferredSupplierID *int64   `db:"preferred_supplier_id"`
	DefaultPermissions  string   `db:"default_permissions"`
	ProfileImageKey     string   `db:"profile_image_key"`
}

// FormatMinor renders minor units as a decimal string with two places.
func FormatMinor(m int64) string {
	sign := ""
	if m < 0 {
		sign, m = "-", -m
	}
	return fmt.Sprintf("%s%d.%02d", sign, m/100, m%100)
}

var amountRE = regexp.MustCompile(`^\d{1,9}(\.\d{1,2})?$`)

// ParseAmount reads digits with up to two decimals into minor units.
func ParseAmount(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	if !amountRE.MatchString(s) {
		return 0, false
	}
	whole, frac, _ := strings.Cut(s, ".")
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, false
	}
	for len(frac) < 2 {
		frac += "0"
	}
	f, _ := strconv.ParseInt(frac, 10, 64)
	return w*100 + f, true
}

// ValidURL accepts absolute http and https addresses.
func ValidURL(s string) bool {
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return false
	}
	scheme := strings.ToLower(u.Scheme)
	return scheme == "http" || scheme == "https"
}

//go:embed zone.tab
var zoneTab string

// countryZones maps an ISO country code to its IANA zones (from the tz database's zone.tab).
var countryZones = func() map[string][]string {
	out := map[string][]string{}
	sc := bufio.NewScanner(strings.NewReader(zoneTab))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) >= 3 {
			out[f[0]] = append(out[f[0]], f[2])
		}
	}
	return out
}()

// ZoneFits reports whether zone is UTC or a zone of country. A country the table does not know
// accepts any valid zone.
func ZoneFits(country, zone string) bool {
	if zone == "UTC" {
		return true
	}
	if !input.ValidZone(zone) {
		return false
	}
	zones, ok := countryZones[country]
	if !ok {
		return true
	}
	for _, z := range zones {
		if z == zone {
			return true
		}
	}
	return false
}

// CanSee is who may read a profile: access.CanSeeUser, the one rule that also decides
// who may see a profile image and whom a manager may link.
func CanSee(p *auth.Principal, target accounts.User, entityIDs, departmentIDs []int64) bool {
	return access.CanSeeUser(p, target.ID, target.IsFreelancer, entityIDs, departmentIDs)
}

// AccountFlagsVisible is the rule for the account status, the admin and create-entity flags and
// the default permissions of a profile: administrators, who set them, and
// the user themself, who sees them in whoami anyway. A manager reading a freelancer does not.
func AccountFlagsVisible(p *auth.Principal, targetID int64) bool {
	return access.IsSelfOrAdmin(p, targetID)
}

// VisibleLinks keeps of a profile's entity and department links those p may see: all of them
// for administrators and the user themself; for anyone else only the entities and departments
// p is linked to, so reading a freelancer does not tell a client which other clients book them.
func VisibleLinks(p *auth.Principal, targetID int64, entities, departments []ProfileLink) ([]ProfileLink, []ProfileLink) {
	if AccountFlagsVisible(p, targetID) {
		return entities, departments
	}
	keep := func(links []ProfileLink, sees func(*auth.Principal, int64) bool) []ProfileLink {
		out := []ProfileLink{}
		for _, l := range links {
			if sees(p, l.ID) {
				out = append(out, l)
			}
		}
		return out
	}
	return keep(entities, access.CanViewEntity), keep(departments, access.CanViewDepartment)
}

// CanEdit is the rule for changing a profile, decided conservatively: the user themself and
// administrators. Managers read but do not edit: a
// manager changing a freelancer's own details (e-mail, rate) is a decision we leave to them.
func CanEdit(p *auth.Principal, targetID int64) bool {
	return access.IsSelfOrAdmin(p, targetID)
}

// CanCreate is the rule for assisted accounts: administrators and client or agency managers.
func CanCreate(p *auth.Principal) bool {
	return access.IsClientOrAgencyManager(p)
}

// checkCountryZone validates country and timezone together.
func checkCountryZone(v *apperror.Invalid, country, zone string) {
	if len(country) != 2 {
		v.Add("country", accounts.MsgCountryRequired)
	}
	switch {
	case zone == "":
		v.Add("timezone", accounts.MsgTimezoneRequired)
	case !ZoneFits(country, zone):
		v.Add("timezone", MsgTimezoneOfZone)
	}
}

func checkURL(v *apperror.Invalid, field, s string) {
	if s != "" && !ValidURL(s) {
		v.Add(field, MsgInvalidURL)
	}
}

// checkDayRate validates a rate and returns it in minor units (nil clears it).
func checkDayRate(v *apperror.Invalid, r *ProfileDayRate) *int64 {
	if r == nil || strings.TrimSpace(r.Rate) == "" {
		return nil
	}
	minor, ok := ParseAmount(r.Rate)
	if !ok {
		v.Add("dayRate.rate", MsgInvalidAmount)
	}
	found := false
	for _, c := range Currencies {
		if c == r.Currency {
			found = true
		}
	}
	if !found {
		v.Add("dayRate.currency", MsgRequired)
	}
	r.Period = "day"
	return &minor
}
