package profile

import (
	"strings"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/input"
)

// The rules of a profile change (PATCH /account/{id}) and of an assisted account (POST
// /account): no I/O; the store reads what they need first and writes what they decide.

// apply validates in against r and copies the changes onto r. preferredKnown says whether the
// preferred supplier sent, when it changes to one, is an entity (the store reads it first:
// preferredToCheck). The errors are listed in the order of the form: the details, then the
// admin section.
func apply(p *auth.Principal, r *Row, in *ProfileUpdate, preferredKnown bool) error {
	var v apperror.Invalid
	applyEmail(&v, p, r, in.Email)
	applyDetails(&v, r, in)
	admin := p.Has(auth.NeedAdmin)
	if applyAdminSection(&v, r, in, preferredKnown) && !admin {
		return apperror.Forbidden()
	}
	// Sent by an administrator, the admin section needs an account status and, for a
	// freelancer, a preferred supplier.
	if admin && in.AccountStatus != nil {
		if *in.AccountStatus == "" {
			v.Add("accountStatus", MsgRequired)
		}
		if r.IsFreelancer && in.PreferredSupplierID != nil && r.PreferredSupplierID == nil {
			v.Add("preferredSupplierId", MsgRequired)
		}
	}
	return v.Err()
}

// applyEmail sets the address sent, unless it is the caller's own and more than its case
// changes: one's own address changes only through the confirmed change (accounts/emailchange.go).
func applyEmail(v *apperror.Invalid, p *auth.Principal, r *Row, sent *string) {
	if sent == nil {
		return
	}
	email, emailLC := accounts.NormalizeEmail(v, "email", *sent)
	switch {
	case emailLC == strings.ToLower(r.Email): // unchanged, or only its case
		r.Email = email
	case p.UserID == r.ID:
		v.Add("email", accounts.MsgUseEmailChange)
	default: // an administrator (CanEdit); audited by writeRow, the old address is told
		r.Email = email
	}
}

// applyDetails copies the fields anyone who may edit the profile changes, trimmed, and checks
// them: the names, the country and time zone together, the addresses and the day rate.
func applyDetails(v *apperror.Invalid, r *Row, in *ProfileUpdate) {
	set := func(dst *string, src *string) {
		if src != nil {
			*dst = input.Trimmed(src)
		}
	}
	// setRequired is set for a field that may not be emptied.
	setRequired := func(field string, dst *string, src *string) {
		set(dst, src)
		if src != nil && *dst == "" {
			v.Add(field, MsgRequired)
		}
	}
	setRequired("firstName", &r.FirstName, in.FirstName)
	setRequired("lastName", &r.LastName, in.LastName)
	set(&r.Label, in.Label)
	set(&r.Phone, in.Phone)
	set(&r.Gender, in.Gender)
	set(&r.GenderOther, in.GenderOther)
	if r.Gender != "other" {
		r.GenderOther = ""
	}
	if in.Country != nil {
		r.Country = strings.ToUpper(input.Trimmed(in.Country))
	}
	set(&r.Timezone, in.Timezone)
	if in.Country != nil || in.Timezone != nil {
		checkCountryZone(v, r.Country, r.Timezone)
	}
	if in.Location != nil {
		r.LocationName, r.Latitude, r.Longitude = input.Text(in.Location.LocationName), in.Location.Latitude, in.Location.Longitude
	}
	// The CV and the showreel are Markdown, kept as sent (not trimmed).
	if in.CV != nil {
		r.CV = *in.CV
	}
	if in.Showreel != nil {
		r.Showreel = *in.Showreel
	}
	set(&r.LinkedIn, in.LinkedIn)
	set(&r.IMDb, in.IMDb)
	set(&r.PersonalWebsite, in.PersonalWebsite)
	checkURL(v, "linkedin", r.LinkedIn)
	checkURL(v, "imdb", r.IMDb)
	checkURL(v, "personalWebsite", r.PersonalWebsite)
	set(&r.BusinessType, in.BusinessType)
	if in.DayRate != nil {
		r.DayRateMinor = checkDayRate(v, in.DayRate)
		if r.DayRateMinor != nil {
			r.DayRateCurrency, r.DayRatePeriod = in.DayRate.Currency, "day"
		}
	}
}

// applyAdminSection copies and checks the admin section (account status, admin and
// create-entity flags, default permissions, preferred supplier) and reports whether in
// changes any of it: only administrators may.
func applyAdminSection(v *apperror.Invalid, r *Row, in *ProfileUpdate, preferredKnown bool) (changed bool) {
	if in.AccountStatus != nil && *in.AccountStatus != r.AccountStatus {
		changed = true
		switch {
		case r.AccountStatus == accounts.StatusSystem || *in.AccountStatus == accounts.StatusSystem:
			v.Add("accountStatus", MsgSystemAccount)
		case !validStatus(*in.AccountStatus):
			v.Add("accountStatus", MsgRequired)
		}
		r.AccountStatus = *in.AccountStatus
	}
	for _, f := range []struct {
		dst *bool
		src *bool
	}{{&r.CanAdmin, in.CanAdmin}, {&r.CanCreateSupplierEntity, in.CanCreateSupplier},
		{&r.CanCreateAgencyEntity, in.CanCreateAgency}, {&r.CanCreateClientEntity, in.CanCreateClient}} {
		if f.src != nil && *f.src != *f.dst {
			changed, *f.dst = true, *f.src
		}
	}
	if in.DefaultPermissions != nil && input.Trimmed(in.DefaultPermissions) != r.DefaultPermissions {
		changed, r.DefaultPermissions = true, input.Trimmed(in.DefaultPermissions)
	}
	if in.PreferredSupplierID != nil && !same(in.PreferredSupplierID, r.PreferredSupplierID) {
		changed = true
		if *in.PreferredSupplierID <= 0 {
			r.PreferredSupplierID = nil
		} else {
			if !preferredKnown {
				v.Add("preferredSupplierId", "Unknown entity")
			}
			r.PreferredSupplierID = in.PreferredSupplierID
		}
	}
	return changed
}

// preferredToCheck is the preferred supplier apply must know exists: the one in sends, when it
// changes r's to an entity; 0 when there is none to check.
func preferredToCheck(r Row, in *ProfileUpdate) int64 {
	if in.PreferredSupplierID != nil && !same(in.PreferredSupplierID, r.PreferredSupplierID) && *in.PreferredSupplierID > 0 {
		return *in.PreferredSupplierID
	}
	return 0
}

func same(a, b *int64) bool {
	if a == nil || *a <= 0 {
		return b == nil
	}
	return b != nil && *a == *b
}

func validStatus(s string) bool {
	for _, st := range accounts.AccountStatuses {
		if st == s {
			return true
		}
	}
	return false
}

// validateCreate checks an assisted account and returns the user to insert.
func validateCreate(in *AccountCreate) (accounts.User, error) {
	var v apperror.Invalid
	email, _ := accounts.NormalizeEmail(&v, "email", in.Email)
	u := accounts.User{Email: email, CanAdmin: in.CanAdmin, CanCreateSupplierEntity: in.CanCreateSupplierEntity,
		CanCreateAgencyEntity: in.CanCreateAgencyEntity, CanCreateClientEntity: in.CanCreateClientEntity, FirstName: strings.TrimSpace(in.FirstName), LastName: strings.TrimSpace(in.LastName),
		Label: strings.TrimSpace(in.Label), Phone: strings.TrimSpace(in.Phone),
		Country: strings.ToUpper(strings.TrimSpace(in.Country)), Timezone: strings.TrimSpace(in.Timezone),
		AccountStatus: accounts.StatusInactive, IsFreelancer: in.IsFreelancer}
	if u.FirstName == "" {
		v.Add("firstName", MsgRequired)
	}
	if u.LastName == "" {
		v.Add("lastName", MsgRequired)
	}
	if u.Label == "" {
		u.Label = "Contractor"
	}
	if u.Country == "" {
		u.Country = "GB"
	}
	if u.Timezone == "" {
		u.Timezone = "Europe/London"
	}
	checkCountryZone(&v, u.Country, u.Timezone)
	if len(in.EntityIDs) == 0 {
		v.Add("entityIds", MsgEntityRequired)
	}
	u.OnboardingState = accounts.OnboardingStaff
	if u.IsFreelancer {
		u.OnboardingState = accounts.OnboardingNeedsLegalEntity
	}
	return u, v.Err()
}
