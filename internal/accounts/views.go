package accounts

import (
	"github.com/hive/hive/internal/platform/auth"
)

// UserView is an account as the API shows it.
type UserView struct {
	ID                      int64  `json:"id"`
	Email                   string `json:"email" format:"email"`
	FirstName               string `json:"firstName"`
	LastName                string `json:"lastName"`
	FullName                string `json:"fullName"`
	Label                   string `json:"label"`
	RoleLabel               string `json:"roleLabel" enum:"Freelancer,Staff"`
	Phone                   string `json:"phone"`
	Country                 string `json:"country"`
	Timezone                string `json:"timezone"`
	AccountStatus           string `json:"accountStatus" enum:"unknown,active,inactive,reset_required,system,require_email_change"`
	OnboardingState         string `json:"onboardingState" enum:"not_applicable,freelancer_started,freelancer_needs_entity,freelancer_needs_legal_entity,complete,staff,aborted"`
	CanAdmin                bool   `json:"canAdmin"`
	CanCreateSupplierEntity bool   `json:"canCreateSupplierEntity"`
	CanCreateAgencyEntity   bool   `json:"canCreateAgencyEntity"`
	CanCreateClientEntity   bool   `json:"canCreateClientEntity"`
	IsFreelancer            bool   `json:"isFreelancer"`
}

// Impersonator names the administrator acting as the current user.
type Impersonator struct {
	ID       int64  `json:"id"`
	FullName string `json:"fullName"`
}

// InvitationView is a pending invitation of the current user (filled by the organisations
// feature; empty until then).
type InvitationView struct {
	ID       int64  `json:"id"`
	Email    string `json:"email"`
	Message  string `json:"message"`
	Status   string `json:"status" enum:"pending,accepted,rejected"`
	Purpose  string `json:"purpose" enum:"freelancer,staff,other"`
	EntityID int64  `json:"entityId"`
}

// CurrentUser is the signed-in user with what the UI needs to decide what to show.
type CurrentUser struct {
	UserView
	Needs           []string         `json:"needs" doc:"Permissions held: admin, freelancer, create_entity:<kind>, client_manager, manage_entity:<id>, ..."`
	UserLevel       string           `json:"userLevel" enum:"Entity Admin,Department Admin,Staff"`
	Impersonator    *Impersonator    `json:"impersonator,omitempty" doc:"The administrator acting as this user; absent when not impersonating"`
	ActionsRequired int              `json:"actionsRequired" doc:"Unfinished onboarding, pending invitations and offers awaiting an answer"`
	Invitations     []InvitationView `json:"invitations"`
	// OffersAwaitingAnswer is the part of ActionsRequired that the agenda answers.
	// TimesheetActions is the part of ActionsRequired that the timesheets answer.
	TimesheetActions     int    `json:"timesheetActions" doc:"Own timesheets to fill or disputed, and submitted timesheets awaiting the user's approval as a manager; counted in actionsRequired"`
	OffersAwaitingAnswer int    `json:"offersAwaitingAnswer" doc:"Instructions offered to the user that await their accept or reject (the agenda's Outstanding tab); counted in actionsRequired"`
	BuildID              string `json:"buildId,omitempty" doc:"Present for administrators only"`
	// Two-step sign-in: whether the user has a second factor, whether one is required of them,
	// and whether they must enrol one before anything else (the server refuses all else).
	HasSecondFactor       bool `json:"hasSecondFactor"`
	SecondFactorRequired  bool `json:"secondFactorRequired" doc:"Administrators, and managers of an entity that requires it"`
	MustEnrolSecondFactor bool `json:"mustEnrolSecondFactor" doc:"Required and not enrolled: every operation but enrolment, whoami and sign-out is refused"`
}

// setSecondFactor fills the two-step sign-in fields from the principal's.
func (cu *CurrentUser) setSecondFactor(p *auth.Principal) {
	cu.HasSecondFactor, cu.SecondFactorRequired = p.HasSecondFactor, p.SecondFactorRequired
	cu.MustEnrolSecondFactor = p.MustEnrolSecondFactor()
}

// ViewOf is the API view of an account.
func ViewOf(u User) UserView {
	return UserView{ID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName, FullName: u.FullName(),
		Label: u.Label, RoleLabel: u.RoleLabel(), Phone: u.Phone, Country: u.Country, Timezone: u.Timezone,
		AccountStatus: u.AccountStatus, OnboardingState: u.OnboardingState, CanAdmin: u.CanAdmin,
		CanCreateSupplierEntity: u.CanCreateSupplierEntity, CanCreateAgencyEntity: u.CanCreateAgencyEntity,
		CanCreateClientEntity: u.CanCreateClientEntity, IsFreelancer: u.IsFreelancer}
}

// currentUserOf builds whoami for u with its needs; impersonator is the administrator acting
// as u, or nil.
func currentUserOf(u User, needs auth.NeedSet, impersonator *Impersonator, buildID string) CurrentUser {
	cu := CurrentUser{UserView: ViewOf(u), Needs: needs.Sorted(), UserLevel: auth.Level(needs),
		Impersonator: impersonator, ActionsRequired: ActionsRequired(u), Invitations: []InvitationView{}}
	if u.CanAdmin {
		cu.BuildID = buildID
	}
	return cu
}
