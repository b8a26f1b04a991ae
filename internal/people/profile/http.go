package profile

import (
	"context"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/people"
	"github.com/hive/hive/internal/people/files"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/input"
	"github.com/hive/hive/internal/platform/mail"
)

// ProfileUpdate is the body of PATCH /account/{id} (updateAuthUser). Absent fields keep their
// value; skills and job_titles add tags, deleted_skills and deleted_job_titles remove them.
type ProfileUpdate struct {
	Email               *string          `json:"email,omitempty" maxLength:"320" required:"false" doc:"Administrators changing someone else's address; a user changes their own with POST /account/change-email"`
	FirstName           *string          `json:"firstName,omitempty" maxLength:"100" required:"false"`
	LastName            *string          `json:"lastName,omitempty" maxLength:"100" required:"false"`
	Label               *string          `json:"label,omitempty" maxLength:"100" required:"false"`
	Phone               *string          `json:"phone,omitempty" maxLength:"50" required:"false"`
	Gender              *string          `json:"gender,omitempty" enum:",male,female,other" required:"false"`
	GenderOther         *string          `json:"genderOther,omitempty" maxLength:"100" required:"false"`
	Country             *string          `json:"country,omitempty" maxLength:"10" required:"false"`
	Timezone            *string          `json:"timezone,omitempty" maxLength:"64" required:"false"`
	Location            *ProfileLocation `json:"location,omitempty" required:"false"`
	CV                  *string          `json:"cv,omitempty" maxLength:"20000" required:"false"`
	Showreel            *string          `json:"showreel,omitempty" maxLength:"20000" required:"false"`
	LinkedIn            *string          `json:"linkedin,omitempty" maxLength:"500" required:"false"`
	IMDb                *string          `json:"imdb,omitempty" maxLength:"500" required:"false"`
	PersonalWebsite     *string          `json:"personalWebsite,omitempty" maxLength:"500" required:"false"`
	BusinessType        *string          `json:"businessType,omitempty" maxLength:"100" required:"false"`
	DayRate             *ProfileDayRate  `json:"dayRate,omitempty" required:"false" doc:"An empty rate clears it"`
	PreferredSupplierID *int64           `json:"preferredSupplierId,omitempty" required:"false" doc:"Admin section"`
	DefaultPermissions  *string          `json:"defaultPermissions,omitempty" enum:",freelancer,staff" required:"false" doc:"Administrators only"`
	Skills              []int64          `json:"skills,omitempty" required:"false" doc:"ProfileSkill tag ids to add"`
	JobTitles           []int64          `json:"job_titles,omitempty" required:"false" doc:"Job title tag ids to add"`
	DeletedSkills       []int64          `json:"deleted_skills,omitempty" required:"false"`
	DeletedJobTitles    []int64          `json:"deleted_job_titles,omitempty" required:"false"`
	AccountStatus       *string          `json:"accountStatus,omitempty" required:"false" doc:"Admin section"`
	CanAdmin            *bool            `json:"canAdmin,omitempty" required:"false"`
	CanCreateSupplier   *bool            `json:"canCreateSupplierEntity,omitempty" required:"false"`
	CanCreateAgency     *bool            `json:"canCreateAgencyEntity,omitempty" required:"false"`
	CanCreateClient     *bool            `json:"canCreateClientEntity,omitempty" required:"false"`
	Version             int              `json:"version" minimum:"1"`
}

// AccountCreate is the body of POST /account (an assisted account).
type AccountCreate struct {
	Email        string  `json:"email" maxLength:"320" required:"false"`
	FirstName    string  `json:"firstName" maxLength:"100" required:"false"`
	LastName     string  `json:"lastName" maxLength:"100" required:"false"`
	Label        string  `json:"label,omitempty" maxLength:"100" required:"false" doc:"Default Contractor"`
	Phone        string  `json:"phone,omitempty" maxLength:"50" required:"false"`
	Country      string  `json:"country,omitempty" maxLength:"10" required:"false" doc:"Default GB"`
	Timezone     string  `json:"timezone,omitempty" maxLength:"64" required:"false" doc:"Default Europe/London"`
	IsFreelancer bool    `json:"isFreelancer,omitempty" required:"false"`
	EntityIDs    []int64 `json:"entityIds" required:"false" doc:"At least one; the user is linked with can_select"`
	// Supplier setup, permissions and the admin flags: administrators only.
	PreferredSupplierID     *int64 `json:"preferredSupplierId,omitempty" required:"false" doc:"Administrators only"`
	DefaultPermissions      string `json:"defaultPermissions,omitempty" enum:",freelancer,staff" required:"false" doc:"Administrators only"`
	CanAdmin                bool   `json:"canAdmin,omitempty" required:"false" doc:"Administrators only"`
	CanCreateSupplierEntity bool   `json:"canCreateSupplierEntity,omitempty" required:"false" doc:"Administrators only"`
	CanCreateAgencyEntity   bool   `json:"canCreateAgencyEntity,omitempty" required:"false" doc:"Administrators only"`
	CanCreateClientEntity   bool   `json:"canCreateClientEntity,omitempty" required:"false" doc:"Administrators only"`
}

type viewOutput struct{ Body ProfileView }

type handler struct {
	d     people.Deps
	store *Store
}

// Register adds the profile operations.
func Register(api huma.API, d people.Deps) {
	h := &handler{d: d, store: &Store{DB: d.DB}}
	tags := []string{"Account"}
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "getAccount", Method: http.MethodGet,
		Path: "/account/{id}", Summary: "One account's full profile (the user, administrators, and managers who can see them)",
		Tags: tags, Errors: []int{403, 404}},
		func(ctx context.Context, in *struct {
			ID int64 `path:"id" minimum:"1"`
		}) (*viewOutput, error) {
			p, err := auth.RequireUser(ctx)
			if err != nil {
				return nil, err
			}
			r, err := h.visible(ctx, p, in.ID)
			if err != nil {
				return nil, err
			}
			return h.view(ctx, p, r)
		})
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "updateAccount", Method: http.MethodPatch,
		Path: "/account/{id}", Summary: "Change a profile (the user themself or an administrator; admin fields by administrators only)",
		Tags: tags, Errors: []int{403, 404, 409, 422}},
		h.update)
	httpapi.Register(api, httpapi.Signed, huma.Operation{OperationID: "createAccount", Method: http.MethodPost,
		Path: "/account", Summary: "Create an assisted account (client or agency managers, administrators): inactive, with an activation mail",
		Tags: tags, DefaultStatus: http.StatusCreated, Errors: []int{403, 409, 422}},
		func(ctx context.Context, in *struct{ Body AccountCreate }) (*viewOutput, error) {
			p, err := auth.RequireUser(ctx)
			if err != nil {
				return nil, err
			}
			if !CanCreate(p) {
				return nil, apperror.Forbidden()
			}
			b := &in.Body
			if !p.Has(auth.NeedAdmin) && (b.CanAdmin || b.CanCreateSupplierEntity || b.CanCreateAgencyEntity ||
				b.CanCreateClientEntity || b.DefaultPermissions != "" || (b.PreferredSupplierID != nil && *b.PreferredSupplierID > 0)) {
				return nil, apperror.Forbidden()
			}
			u, err := validateCreate(b)
			if err != nil {
				return nil, err
			}
			err = d.DB.InTx(ctx, func(tx *database.Tx) error {
				for _, id := range in.Body.EntityIDs {
					ok, err := entityExists(ctx, tx, id)
					if err != nil {
						return err
					}
					if !ok {
						return apperror.Field("entityIds", "Unknown entity")
					}
					if !access.CanManageEntity(p, id) {
						return apperror.Forbidden()
					}
				}
				if err := accounts.CreateUser(ctx, tx, &u); err != nil {
					return err
				}
				if err := linkEntities(ctx, tx, u.ID, in.Body.EntityIDs); err != nil {
					return err
				}
				if err := setCreateExtras(ctx, tx, u.ID, b); err != nil {
					return err
				}
				return d.Accounts.IssueActivation(ctx, tx, u)
			})
			if err != nil {
				return nil, err
			}
			if d.WakeMail != nil {
				d.WakeMail()
			}
			r, err := h.store.Row(ctx, u.ID)
			if err != nil {
				return nil, err
			}
			return h.view(ctx, p, r)
		})
}

type updateInput struct {
	ID   int64 `path:"id" minimum:"1"`
	Body ProfileUpdate
}

// update is PATCH /account/{id}. An address changed by an administrator is told to the old
// address (the holder's own changes go through accounts/emailchange.go).
func (h *handler) update(ctx context.Context, in *updateInput) (*viewOutput, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := h.visible(ctx, p, in.ID); err != nil {
		return nil, err
	}
	if !CanEdit(p, in.ID) {
		return nil, apperror.Forbidden()
	}
	var r Row
	mailed := false
	err = h.d.DB.InTx(ctx, func(tx *database.Tx) error {
		var err error
		if r, err = findRow(ctx, tx, in.ID); err != nil {
			return err
		}
		old := r.Email
		if err := apply(ctx, tx, p, &r, &in.Body); err != nil {
			return err
		}
		if err := writeRow(ctx, tx, &r, in.Body.Version); err != nil {
			return err
		}
		if !strings.EqualFold(old, r.Email) {
			mailed = true
			if err := mail.Enqueue(ctx, tx, accounts.AddressChangedMail(old, r.FirstName, r.Email)); err != nil {
				return err
			}
		}
		if err := setTags(ctx, tx, r.ID, "skills", in.Body.Skills, in.Body.DeletedSkills); err != nil {
			return err
		}
		return setTags(ctx, tx, r.ID, "job_title", in.Body.JobTitles, in.Body.DeletedJobTitles)
	})
	if err != nil {
		return nil, err
	}
	if mailed && h.d.WakeMail != nil {
		h.d.WakeMail()
	}
	return h.view(ctx, p, r)
}

// visible loads the user when p may see them; otherwise 403 (404 for no such user).
func (h *handler) visible(ctx context.Context, p *auth.Principal, id int64) (Row, error) {
	r, err := h.store.Row(ctx, id)
	if err != nil {
		return r, err
	}
	var ents, deps []int64
	if p.UserID != id && !p.Has(auth.NeedAdmin) && !r.IsFreelancer {
		if ents, deps, err = h.store.LinkIDs(ctx, id); err != nil {
			return r, err
		}
	}
	// 403, not 404: the accounts tests pin 403 for a user one may not read (an existing id is
	// no secret here: ids are sequential).
	if !CanSee(p, r.User, ents, deps) {
		return r, apperror.Forbidden()
	}
	return r, nil
}

func (h *handler) view(ctx context.Context, p *auth.Principal, r Row) (*viewOutput, error) {
	v := ProfileView{UserView: accounts.ViewOf(r.User), Gender: r.Gender, GenderOther: r.GenderOther,
		Location: ProfileLocation{LocationName: r.LocationName, Latitude: r.Latitude, Longitude: r.Longitude},
		CV:       r.CV, Showreel: r.Showreel, LinkedIn: r.LinkedIn, IMDb: r.IMDb, PersonalWebsite: r.PersonalWebsite,
		BusinessType: r.BusinessType, PreferredSupplierID: r.PreferredSupplierID, Version: r.Version}
	if r.DayRateMinor != nil {
		v.DayRate = &ProfileDayRate{Currency: r.DayRateCurrency, Period: r.DayRatePeriod, Rate: FormatMinor(*r.DayRateMinor)}
	}
	v.ProfileImageURL = files.ProfileImageURL(r.ID, r.ProfileImageKey)
	if err := h.store.Extras(ctx, &v, p.UserID); err != nil {
		return nil, err
	}
	v.Entities, v.Departments = VisibleLinks(p, r.ID, v.Entities, v.Departments)
	if AccountFlagsVisible(p, r.ID) {
		v.AccountStatus, v.DefaultPermissions = &r.AccountStatus, &r.DefaultPermissions
		v.CanAdmin, v.CanCreateSupplierEntity = &r.CanAdmin, &r.CanCreateSupplierEntity
		v.CanCreateAgencyEntity, v.CanCreateClientEntity = &r.CanCreateAgencyEntity, &r.CanCreateClientEntity
	}
	return &viewOutput{Body: v}, nil
}

// apply validates in against r and copies the changes onto r.
func apply(ctx context.Context, tx *database.Tx, p *auth.Principal, r *Row, in *ProfileUpdate) error {
	var v apperror.Invalid
	admin := p.Has(auth.NeedAdmin)
	if in.Email != nil {
		email, emailLC := accounts.NormalizeEmail(&v, "email", *in.Email)
		switch {
		case emailLC == strings.ToLower(r.Email): // unchanged, or only its case
			r.Email = email
		case p.UserID == r.ID:
			// One's own address changes only through the confirmed change (accounts/emailchange.go).
			v.Add("email", accounts.MsgUseEmailChange)
		default: // an administrator (CanEdit); audited by writeRow, the old address is told
			r.Email = email
		}
	}
	if in.FirstName != nil {
		if r.FirstName = input.Trimmed(in.FirstName); r.FirstName == "" {
			v.Add("firstName", MsgRequired)
		}
	}
	if in.LastName != nil {
		if r.LastName = input.Trimmed(in.LastName); r.LastName == "" {
			v.Add("lastName", MsgRequired)
		}
	}
	set := func(dst *string, src *string) {
		if src != nil {
			*dst = input.Trimmed(src)
		}
	}
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
		checkCountryZone(&v, r.Country, r.Timezone)
	}
	if in.Location != nil {
		r.LocationName, r.Latitude, r.Longitude = input.Text(in.Location.LocationName), in.Location.Latitude, in.Location.Longitude
	}
	if in.CV != nil {
		r.CV = *in.CV
	}
	if in.Showreel != nil {
		r.Showreel = *in.Showreel
	}
	set(&r.LinkedIn, in.LinkedIn)
	set(&r.IMDb, in.IMDb)
	set(&r.PersonalWebsite, in.PersonalWebsite)
	checkURL(&v, "linkedin", r.LinkedIn)
	checkURL(&v, "imdb", r.IMDb)
	checkURL(&v, "personalWebsite", r.PersonalWebsite)
	set(&r.BusinessType, in.BusinessType)
	if in.DayRate != nil {
		r.DayRateMinor = checkDayRate(&v, in.DayRate)
		if r.DayRateMinor != nil {
			r.DayRateCurrency, r.DayRatePeriod = in.DayRate.Currency, "day"
		}
	}
	// The admin section: only administrators change it.
	changed := false
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
			ok, err := entityExists(ctx, tx, *in.PreferredSupplierID)
			if err != nil {
				return err
			}
			if !ok {
				v.Add("preferredSupplierId", "Unknown entity")
			}
			r.PreferredSupplierID = in.PreferredSupplierID
		}
	}
	if changed && !admin {
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
	if err := v.Err(); err != nil {
		return err
	}
	if err := checkTags(ctx, tx, "skills", "skills", append(append([]int64{}, in.Skills...), in.DeletedSkills...)); err != nil {
		return err
	}
	return checkTags(ctx, tx, "job_titles", "job_title", append(append([]int64{}, in.JobTitles...), in.DeletedJobTitles...))
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
