package profile

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/people"
	"github.com/hive/hive/internal/people/files"
	"github.com/hive/hive/internal/people/notes"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/httpapi"
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
	CV                  *string          `json:"cv,omitempty" maxLength:"20000" required:"false" text:"multiline"`
	Showreel            *string          `json:"showreel,omitempty" maxLength:"20000" required:"false" text:"multiline"`
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
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Account"}
	httpapi.Op(ops, "getAccount", "GET /account/{id}",
		"One account's full profile (the user, administrators, and managers who can see them)",
		httpapi.WithUser(h.get), 403, 404)
	httpapi.Op(ops, "updateAccount", "PATCH /account/{id}",
		"Change a profile (the user themself or an administrator; admin fields by administrators only)",
		httpapi.WithUser(h.update), 403, 404, 409, 422)
	httpapi.Op(ops.Answering(http.StatusCreated), "createAccount", "POST /account",
		"Create an assisted account (client or agency managers, administrators): inactive, with an activation mail",
		httpapi.WithUser(h.create), 403, 409, 422)
}

func (h *handler) get(ctx context.Context, p *auth.Principal, in *struct {
	ID int64 `path:"id" minimum:"1"`
}) (*viewOutput, error) {
	r, err := h.visible(ctx, p, in.ID)
	if err != nil {
		return nil, err
	}
	return h.view(ctx, p, r)
}

// create is POST /account: an assisted account, inactive, with its activation mail queued.
func (h *handler) create(ctx context.Context, p *auth.Principal, in *struct{ Body AccountCreate }) (*viewOutput, error) {
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
	if err := h.store.CreateAssisted(ctx, p, &u, b, h.d.Accounts.IssueActivation); err != nil {
		return nil, err
	}
	if h.d.WakeMail != nil {
		h.d.WakeMail()
	}
	r, err := h.store.Row(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	return h.view(ctx, p, r)
}

type updateInput struct {
	ID   int64 `path:"id" minimum:"1"`
	Body ProfileUpdate
}

// update is PATCH /account/{id}. An address changed by an administrator is told to the old
// address (the holder's own changes go through accounts/emailchange.go).
func (h *handler) update(ctx context.Context, p *auth.Principal, in *updateInput) (*viewOutput, error) {
	if _, err := h.visible(ctx, p, in.ID); err != nil {
		return nil, err
	}
	if !CanEdit(p, in.ID) {
		return nil, apperror.Forbidden()
	}
	r, mailed, err := h.store.Update(ctx, p, in.ID, &in.Body)
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
	// The links are read only when the rule needs them: themself, administrators and managers
	// reading a freelancer need none; staff reading a freelancer their departments hire do.
	var ents, deps []int64
	if !CanSee(p, r.User, nil, nil) {
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
	v.CanEdit = CanEdit(p, r.ID)
	v.CanSeeStats = r.IsFreelancer && notes.CanSeeStats(p, r.ID)
	var err error
	if v.CanSeeDocuments, err = (&files.Store{DB: h.d.DB}).MayReadDocuments(ctx, p, r.ID); err != nil {
		return nil, err
	}
	v.CanChangeDocuments = files.CanChangeDocuments(p, r.ID)
	if AccountFlagsVisible(p, r.ID) {
		v.AccountStatus, v.DefaultPermissions = &r.AccountStatus, &r.DefaultPermissions
		v.CanAdmin, v.CanCreateSupplierEntity = &r.CanAdmin, &r.CanCreateSupplierEntity
		v.CanCreateAgencyEntity, v.CanCreateClientEntity = &r.CanCreateAgencyEntity, &r.CanCreateClientEntity
	}
	return &viewOutput{Body: v}, nil
}
