// Package legalentities serves legal entities: the companies or sole traders behind entities,
// with their VAT, address and bank details, and the validation status only administrators set.
package legalentities

import (
	"math"
	"reflect"
	"regexp"
	"strings"
	"time"

	"github.com/hive/hive/internal/organisations/contact"
	"github.com/hive/hive/internal/organisations/entities"
	"github.com/hive/hive/internal/places"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/companieshouse"
	"github.com/hive/hive/internal/platform/iban"
	"github.com/hive/hive/internal/platform/input"
)

// Statuses.
const (
	StatusNotValidated = "not_validated"
	StatusValidated    = "validated"
	StatusRejected     = "rejected"
)

// Business types (spec §5).
const (
	TypePrivateLimited   = "uk_private_limited"
	TypeSoleTrader       = "uk_sole_trader"
	TypePLC              = "uk_plc"
	TypeLLP              = "uk_llp"
	TypePrivateUnlimited = "uk_private_unlimited"
)

// Defaults (spec §3 and §9).
const (
	DefaultOperatingModel = "Ordinary"
	DefaultTimezone       = "Europe/London"
	DefaultCountry        = "GB"
	DefaultVATHundredths  = 2000
	MaxVATNumber          = 13
)

// Validation messages.
const (
	MsgRequired       = "This field is required"
	MsgTypeLocked     = "The business type cannot be changed once set."
	MsgVATNumberLong  = "Maximum length is 13 characters"
	MsgVATPct         = "Enter a percentage from 0 to 100 in steps of 0.25."
	MsgIBAN           = "Invalid IBAN"
	MsgCompanyNumber  = "A UK company number has 8 characters: 8 digits, or 2 letters and 6 digits."
	MsgNINumber       = "Invalid National Insurance number"
	MsgSortCode       = "A sort code has 6 digits."
	MsgAccountNumber  = "An account number has 6 to 10 digits."
	MsgBankCountry    = "Use a two-letter country code such as GB."
	MsgTooLong        = "This value is too long."
	MsgEntityRequired = "Choose at least one entity."
)

// LegalEntity is one legal entity row.
type LegalEntity struct {
	ID             int64  `db:"id"`
	Status         string `db:"status"`
	Type           string `db:"type"`
	NINumber       string `db:"ni_number"`
	Gender         string `db:"gender"`
	TradingName    string `db:"trading_name"`
	CompanyName    string `db:"company_name"`
	CompanyNumber  string `db:"company_number"`
	OperatingModel string `db:"operating_model"`
	Timezone       string `db:"timezone"`
	Country        string `db:"country"`
	VATRegistered  bool   `db:"vat_registered"`
	VATNumber      string `db:"vat_number"`
	VATHundredths  int    `db:"vat_pct_hundredths"`
	contact.Details
	IBAN            string    `db:"iban"`
	SortCode        string    `db:"sort_code"`
	AccountNumber   string    `db:"account_number"`
	BankName        string    `db:"bank_name"`
	BankCountryCode string    `db:"bank_country_code"`
	BranchCode      string    `db:"branch_code"`
	CreatedAt       time.Time `db:"created_at"`
	UpdatedAt       time.Time `db:"updated_at"`
	Version         int       `db:"version"`

	EntityIDs []int64 `db:"-"`

	LocationName string   `db:"location_name"`
	Latitude     *float64 `db:"latitude"`
	Longitude    *float64 `db:"longitude"`
}

// New returns a legal entity with the defaults, before Apply.
func New() LegalEntity {
	return LegalEntity{Status: StatusNotValidated, OperatingModel: DefaultOperatingModel, Timezone: DefaultTimezone,
		Country: DefaultCountry, VATHundredths: DefaultVATHundredths}
}

// Changes are the detail fields a create or update sets; nil leaves a field as it is. Status is
// apart: only administrators set it (see Update).
type Changes struct {
	Type, NINumber, Gender, TradingName, CompanyName, CompanyNumber, OperatingModel *string
	Timezone, Country                                                               *string
	VATRegistered                                                                   *bool
	VATNumber                                                                       *string
	VATPct                                                                          *float64
	Address1, Address2, Address3, Address4, Email, Phone                            *string
	IBAN, SortCode, AccountNumber, BankName, BankCountryCode, BranchCode            *string
	// Location is the place chosen from the location search; an empty name clears it.
	Location *places.StoredLocation
}

// ValidType reports whether t is a business type.
func ValidType(t string) bool {
	switch t {
	case TypePrivateLimited, TypeSoleTrader, TypePLC, TypeLLP, TypePrivateUnlimited:
		return true
	}
	return false
}

// ValidStatus reports whether s is a status.
func ValidStatus(s string) bool {
	return s == StatusNotValidated || s == StatusValidated || s == StatusRejected
}

var (
	niNumber    = regexp.MustCompile(`^[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z][0-9]{6}[A-D]$`)
	digits      = regexp.MustCompile(`^[0-9]+$`)
	countryCode = regexp.MustCompile(`^[A-Z]{2}$`)
)

// Apply validates c and writes it onto le. creating says whether le is new: the type is
// required then and locked afterwards. Fields the type does not show are cleared, as are the VAT
// fields of a business that is not VAT registered.
func (le *LegalEntity) Apply(c Changes, creating bool, v *apperror.Invalid) {
	le.Type = entities.LockedType(v, creating, le.Type, c.Type, MsgTypeLocked)
	text := func(dst *string, src *string, field string, max int) {
		if src == nil {
			return
		}
		*dst = input.Trimmed(src)
		if len([]rune(*dst)) > max {
			v.Add(field, MsgTooLong)
		}
	}
	text(&le.NINumber, c.NINumber, "niNumber", 20)
	if c.Gender != nil {
		le.Gender = *c.Gender
	}
	text(&le.TradingName, c.TradingName, "tradingName", 200)
	text(&le.CompanyName, c.CompanyName, "companyName", 200)
	text(&le.CompanyNumber, c.CompanyNumber, "companyNumber", 20)
	if c.OperatingModel != nil {
		le.OperatingModel = *c.OperatingModel
	}
	if c.Timezone != nil {
		le.Timezone = input.Trimmed(c.Timezone)
		entities.CheckTimezone(v, "timezone", le.Timezone)
	}
	if c.Country != nil {
		le.Country = strings.ToUpper(input.Trimmed(c.Country))
		entities.CheckCountry(v, "country", le.Country)
	}
	for _, a := range []struct {
		dst   *string
		src   *string
		field string
	}{{&le.Address1, c.Address1, "address1"}, {&le.Address2, c.Address2, "address2"}, {&le.Address3, c.Address3, "address3"},
		{&le.Address4, c.Address4, "address4"}} {
		text(a.dst, a.src, a.field, 200)
	}
	if c.Email != nil {
		le.Email = entities.CheckOptionalEmail(v, "email", *c.Email)
	}
	text(&le.Phone, c.Phone, "phone", 40)
	le.applyVAT(c, v)
	le.applyBank(c, v)
	if c.Location != nil {
		l, ok := c.Location.Clean()
		if !ok {
			v.Add("location", places.MsgLocation)
		}
		le.LocationName, le.Latitude, le.Longitude = l.LocationName, l.Latitude, l.Longitude
	}

	// Per type: the sole trader's fields or the company's.
	if le.Type == TypeSoleTrader {
		le.CompanyName, le.CompanyNumber, le.OperatingModel = "", "", DefaultOperatingModel
		le.NINumber = strings.ToUpper(strings.Join(strings.Fields(le.NINumber), ""))
		if le.NINumber != "" && !niNumber.MatchString(le.NINumber) {
			v.Add("niNumber", MsgNINumber)
		}
	} else if ValidType(le.Type) {
		le.NINumber, le.Gender, le.TradingName = "", "", ""
		if le.CompanyName == "" {
			v.Add("companyName", MsgRequired)
		}
		if le.CompanyNumber != "" {
			n, ok := companieshouse.Normalize(le.CompanyNumber)
			if !ok {
				v.Add("companyNumber", MsgCompanyNumber)
			}
			le.CompanyNumber = n
		}
		if le.OperatingModel == "" {
			le.OperatingModel = DefaultOperatingModel
		}
	}
}

func (le *LegalEntity) applyVAT(c Changes, v *apperror.Invalid) {
	if c.VATRegistered != nil {
		le.VATRegistered = *c.VATRegistered
	}
	if c.VATNumber != nil {
		le.VATNumber = strings.ToUpper(strings.Join(strings.Fields(*c.VATNumber), ""))
	}
	if c.VATPct != nil {
		h, ok := VATHundredths(*c.VATPct)
		if !ok {
			v.Add("vatPct", MsgVATPct)
		}
		le.VATHundredths = h
	}
	if !le.VATRegistered {
		le.VATNumber, le.VATHundredths = "", DefaultVATHundredths
		return
	}
	switch {
	case le.VATNumber == "":
		v.Add("vatNumber", MsgRequired)
	case len([]rune(le.VATNumber)) > MaxVATNumber:
		v.Add("vatNumber", MsgVATNumberLong)
	}
}

// VATHundredths turns a percentage into hundredths of a percent; ok is false outside 0..100 or
// off the 0.25 step.
func VATHundredths(pct float64) (int, bool) {
	if math.IsNaN(pct) || math.IsInf(pct, 0) || pct < 0 || pct > 100 {
		return DefaultVATHundredths, false
	}
	h := math.Round(pct * 100)
	if math.Abs(h-pct*100) > 1e-6 || int(h)%25 != 0 {
		return DefaultVATHundredths, false
	}
	return int(h), true
}

func (le *LegalEntity) applyBank(c Changes, v *apperror.Invalid) {
	if c.IBAN != nil {
		le.IBAN = iban.Normalize(*c.IBAN)
		if le.IBAN != "" {
			r := iban.Validate(le.IBAN)
			if !r.IsValid {
				v.Add("iban", MsgIBAN)
			} else if (c.BankCountryCode == nil || input.Trimmed(c.BankCountryCode) == "") && le.BankCountryCode == "" {
				le.BankCountryCode = r.CountryCode
			}
		}
	}
	if c.SortCode != nil {
		le.SortCode = strings.NewReplacer("-", "", " ", "").Replace(*c.SortCode)
		if le.SortCode != "" && (len(le.SortCode) != 6 || !digits.MatchString(le.SortCode)) {
			v.Add("sortCode", MsgSortCode)
		}
	}
	if c.AccountNumber != nil {
		le.AccountNumber = strings.Join(strings.Fields(*c.AccountNumber), "")
		if n := len(le.AccountNumber); n != 0 && (n < 6 || n > 10 || !digits.MatchString(le.AccountNumber)) {
			v.Add("accountNumber", MsgAccountNumber)
		}
	}
	if c.BankName != nil {
		le.BankName = input.Trimmed(c.BankName)
		if len([]rune(le.BankName)) > 200 {
			v.Add("bankName", MsgTooLong)
		}
	}
	if c.BankCountryCode != nil {
		le.BankCountryCode = strings.ToUpper(input.Trimmed(c.BankCountryCode))
		if le.BankCountryCode != "" && !countryCode.MatchString(le.BankCountryCode) {
			v.Add("bankCountryCode", MsgBankCountry)
		}
	}
	if c.BranchCode != nil {
		le.BranchCode = input.Trimmed(c.BranchCode)
		if len(le.BranchCode) > 20 {
			v.Add("branchCode", MsgTooLong)
		}
	}
}

// SameDetails reports whether a and b agree on every detail field (all but status, links,
// location and bookkeeping), so an update can tell whether details changed. The location is
// where the business is found for search, not a detail an administrator validates.
func SameDetails(a, b LegalEntity) bool {
	a.Status, b.Status = "", ""
	a.LocationName, b.LocationName, a.Latitude, b.Latitude, a.Longitude, b.Longitude = "", "", nil, nil, nil, nil
	a.CreatedAt, b.CreatedAt, a.UpdatedAt, b.UpdatedAt = time.Time{}, time.Time{}, time.Time{}, time.Time{}
	a.Version, b.Version = 0, 0
	a.EntityIDs, b.EntityIDs = nil, nil
	return reflect.DeepEqual(a, b)
}
