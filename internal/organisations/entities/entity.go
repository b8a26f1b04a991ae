// Package entities serves entities (base, agency, client, supplier): the All Entities grid,
// create and edit, the entities a user is linked to, an entity's departments, and the IBAN and
// company number checks the legal entity form runs.
package entities

import (
	"regexp"
	"strings"
	"time"
	_ "time/tzdata" // time zones are checked against the zone data the binary carries

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/input"
)

// The entity types.
const (
	TypeBase     = "base"
	TypeAgency   = "agency"
	TypeClient   = "client"
	TypeSupplier = "supplier"
)

// Types lists the entity types in the order forms offer them.
var Types = []string{TypeClient, TypeAgency, TypeSupplier, TypeBase}

// TypeLabels are the spec's display labels for entity types and the legal forms shown beside
// them in some places (spec part 1 §3).
var TypeLabels = map[string]string{
	TypeBase: "Base", TypeAgency: "Agency", TypeClient: "Client", TypeSupplier: "Supplier",
	"uk_private_limited": "UK Ltd.", "uk_private_unlimited": "UK Ultd.", "uk_llp": "UK LLP",
	"uk_plc": "UK PLC", "uk_sole_trader": "UK Sole Trader",
}

// Defaults of a new entity.
const (
	DefaultCountry  = "GB"
	DefaultTimezone = "Europe/London"
)

// Validation messages, worded as the spec writes them where it does.
const (
	MsgRequired         = "This field is required"
	MsgTypeLocked       = "The entity type cannot be changed once set."
	MsgTypeInvalid      = "Choose one of base, agency, client or supplier."
	MsgCountryRequired  = "Country is required."
	MsgCountryInvalid   = "Use a two-letter country code such as GB."
	MsgTimezoneRequired = "Timezone is required. It is used by the product to determine bookings."
	MsgTimezoneInvalid  = "Unknown time zone."
	MsgCancelWindow     = "Enter a whole number of days, 0 or more."
	MsgNameTooLong      = "Maximum length is 200 characters"
	MsgPreferredLegal   = "Choose a legal entity connected to this entity."
)

// MaxCancelWindowDays bounds cancelWindowDays (ten years).
const MaxCancelWindowDays = 3650

// Entity is one entity row.
type Entity struct {
	ID                     int64  `db:"id"`
	Name                   string `db:"name"`
	Type                   string `db:"type"`
	PreferredLegalEntityID *int64 `db:"preferred_legal_entity_id"`
	Country                string `db:"country"`
	Timezone               string `db:"timezone"`
	Email                  string `db:"email"`
	CancelWindowDays       int    `db:"cancel_window_days"`
	// SecondFactorRequired makes the entity's managers (and its departments') sign in with a
	// second factor (internal/accounts, store_secondfactor.go).
	SecondFactorRequired bool      `db:"second_factor_required"`
	CreatedAt            time.Time `db:"created_at"`
	UpdatedAt            time.Time `db:"updated_at"`
	Version              int       `db:"version"`
}

// Changes are the fields a create or update sets; nil leaves a field as it is.
type Changes struct {
	Name             *string
	Type             *string
	Country          *string
	Timezone         *string
	Email            *string
	CancelWindowDays *int
}

// NewEntity returns an entity with the defaults, before Apply.
func NewEntity() Entity {
	return Entity{Country: DefaultCountry, Timezone: DefaultTimezone}
}

// Apply validates c and writes it onto e. creating says whether e is new: the type is required
// then and locked afterwards.
func (e *Entity) Apply(c Changes, creating bool, v *apperror.Invalid) {
	if c.Name != nil || creating {
		name := ""
		if c.Name != nil {
			name = strings.TrimSpace(*c.Name)
		}
		switch {
		case name == "":
			v.Add("name", MsgRequired)
		case len([]rune(name)) > 200:
			v.Add("name", MsgNameTooLong)
		}
		e.Name = name
	}
	e.Type = LockedType(v, creating, e.Type, c.Type, MsgTypeLocked)
	if creating && e.Type != "" && !ValidType(e.Type) {
		v.Add("type", MsgTypeInvalid)
	}
	if c.Country != nil {
		e.Country = strings.ToUpper(strings.TrimSpace(*c.Country))
		CheckCountry(v, "country", e.Country)
	}
	if c.Timezone != nil {
		e.Timezone = strings.TrimSpace(*c.Timezone)
		CheckTimezone(v, "timezone", e.Timezone)
	}
	if c.Email != nil {
		e.Email = CheckOptionalEmail(v, "email", *c.Email)
	}
	if c.CancelWindowDays != nil {
		if d := *c.CancelWindowDays; d < 0 || d > MaxCancelWindowDays {
			v.Add("cancelWindowDays", MsgCancelWindow)
		}
		e.CancelWindowDays = *c.CancelWindowDays
	}
}

// ValidType reports whether t is an entity type.
func ValidType(t string) bool {
	switch t {
	case TypeBase, TypeAgency, TypeClient, TypeSupplier:
		return true
	}
	return false
}

// CreateNeed is the need that lets a user create an entity of type t; base entities are for
// administrators only.
func CreateNeed(t string) auth.Need {
	switch t {
	case TypeSupplier:
		return auth.NeedCreateSupplier
	case TypeAgency:
		return auth.NeedCreateAgency
	case TypeClient:
		return auth.NeedCreateClient
	}
	return auth.NeedAdmin
}

// CanCreateAny reports whether p may create entities of some type.
func CanCreateAny(p *auth.Principal) bool {
	return p.Has(auth.NeedAdmin) || p.Has(auth.NeedCreateSupplier) || p.Has(auth.NeedCreateAgency) || p.Has(auth.NeedCreateClient)
}

// CanSetPreferredLegalEntity reports whether p may change the preferred legal entity of e:
// administrators, and managers of e when it is a client or an agency (spec §6: the preferred
// legal entity section is for client and agency managers).
func CanSetPreferredLegalEntity(p *auth.Principal, e Entity) bool {
	if p.Has(auth.NeedAdmin) {
		return true
	}
	return (e.Type == TypeClient || e.Type == TypeAgency) && p.Has(auth.ManageEntity(e.ID))
}

var countryCode = regexp.MustCompile(`^[A-Z]{2}$`)

// LockedType is the rule of a record's type (an entity's kind, a legal entity's business type):
// required when the record is created, and locked afterwards, when sending another refuses with
// locked. It returns the type the record has after the change.
func LockedType(v *apperror.Invalid, creating bool, current string, sent *string, locked string) string {
	if creating {
		t := ""
		if sent != nil {
			t = *sent
		}
		if t == "" {
			v.Add("type", MsgRequired)
		}
		return t
	}
	if sent != nil && *sent != current {
		v.Add("type", locked)
	}
	return current
}

// CheckCountry checks a two-letter country code.
func CheckCountry(v *apperror.Invalid, field, c string) {
	checkRequired(v, field, c, countryCode.MatchString, MsgCountryRequired, MsgCountryInvalid)
}

// CheckTimezone checks an IANA time zone name.
func CheckTimezone(v *apperror.Invalid, field, tz string) {
	checkRequired(v, field, tz, input.ValidZone, MsgTimezoneRequired, MsgTimezoneInvalid)
}

// checkRequired adds required to v when value is empty, and invalid when valid refuses it.
func checkRequired(v *apperror.Invalid, field, value string, valid func(string) bool, required, invalid string) {
	switch {
	case value == "":
		v.Add(field, required)
	case !valid(value):
		v.Add(field, invalid)
	}
}

// CheckOptionalEmail strips white space and checks the address when one is given; it returns
// the address to store.
func CheckOptionalEmail(v *apperror.Invalid, field, email string) string {
	email = strings.Join(strings.Fields(email), "")
	if email == "" {
		return ""
	}
	email, _ = accounts.NormalizeEmail(v, field, email)
	return email
}

// Update applies an edit by p: the fields (Apply) and, when it changes, the preferred legal
// entity (0 clears it), which needs p's right to set it (CanSetPreferredLegalEntity) and a
// legal entity linked to this one (linked).
func (e *Entity) Update(p *auth.Principal, c Changes, preferred *int64, linked Linked) error {
	if preferred != nil && !samePreferred(e.PreferredLegalEntityID, *preferred) {
		if !CanSetPreferredLegalEntity(p, *e) {
			return apperror.Forbidden()
		}
	}
	var v apperror.Invalid
	e.Apply(c, false, &v)
	if preferred != nil && !samePreferred(e.PreferredLegalEntityID, *preferred) {
		if *preferred == 0 {
			e.PreferredLegalEntityID = nil
		} else if ok, err := linked(*preferred); err != nil {
			return err
		} else if !ok {
			v.Add("preferredLegalEntityId", MsgPreferredLegal)
		} else {
			id := *preferred
			e.PreferredLegalEntityID = &id
		}
	}
	return v.Err()
}

func samePreferred(cur *int64, want int64) bool {
	if cur == nil {
		return want == 0
	}
	return *cur == want
}
