package accounts

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/httpapi"
)

// RegisterSignUp adds POST /onboard-staff and POST /onboard-freelancer; claimer is the
// invitations feature.
func (h *HTTP) RegisterSignUp(api huma.API, claimer InvitationClaimer) {
	created := httpapi.Operations{API: api, Access: httpapi.Public, Tag: "Account"}.Answering(http.StatusCreated)
	for _, kind := range []string{SignUpStaff, SignUpFreelancer} {
		summary := "Create a staff account from an invitation, and sign in"
		id := "onboardStaff"
		if kind == SignUpFreelancer {
			summary = "Create a freelancer account (from an invitation: active and signed in; otherwise inactive with an activation mail)"
			id = "onboardFreelancer"
		}
		httpapi.Op(created, id, "POST /onboard-"+kind, summary,
			func(ctx context.Context, in *signUpInput) (*currentUserOutput, error) {
				b := in.Body
				token, u, err := h.Service.SignUp(ctx, httpapi.ClientAddr(ctx), kind, SignUp{
					InvitationToken: b.InvitationToken, Email: b.Email, Password: b.Password, FirstName: b.FirstName,
					LastName: b.LastName, Phone: b.Phone, Country: b.Country, Timezone: b.Timezone,
					TermsAndConditions: b.TermsAndConditions}, claimer)
				if err != nil {
					return nil, err
				}
				if token == "" {
					return &currentUserOutput{Body: unactivatedView(u)}, nil
				}
				body, err := h.currentUser(ctx, u, nil)
				if err != nil {
					return nil, err
				}
				if token != "" {
					return &currentUserOutput{SetCookie: h.sessionCookies(token, false), Body: body}, nil
				}
				return &currentUserOutput{Body: body}, nil
			}, 409, 422, 503)
	}
}

// signUpInput is the body of both sign-up operations.
type signUpInput struct {
	Body struct {
		InvitationToken    string `json:"invitationToken,omitempty" maxLength:"200" required:"false" doc:"The token of the invitation link; required for staff, optional for freelancers"`
		Email              string `json:"email" maxLength:"320" required:"false"`
		Password           string `json:"password" maxLength:"200" required:"false" text:"secret"`
		FirstName          string `json:"firstName" maxLength:"100" required:"false"`
		LastName           string `json:"lastName" maxLength:"100" required:"false"`
		Phone              string `json:"phone,omitempty" maxLength:"50" required:"false"`
		Country            string `json:"country,omitempty" maxLength:"10" required:"false" doc:"ISO 3166 alpha-2; default GB"`
		Timezone           string `json:"timezone,omitempty" maxLength:"64" required:"false" doc:"IANA zone; default Europe/London"`
		TermsAndConditions bool   `json:"termsAndConditions,omitempty" required:"false" doc:"Must be true on the freelancer form"`
	}
}
