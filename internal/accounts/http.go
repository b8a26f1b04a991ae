package accounts

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/httpapi"
)

// HTTP serves the account operations.
type HTTP struct {
	Service       *Service
	Passkeys      *Passkeys // may be nil: then no passkey operations are served
	BuildID       string
	SecureCookies bool
}

type currentUserOutput struct {
	SetCookie []http.Cookie `header:"Set-Cookie"`
	Body      CurrentUser
}

type messageBody struct {
	Message string `json:"message"`
}

type messageOutput struct {
	Body messageBody
}

func message(text string) *messageOutput { return &messageOutput{Body: messageBody{Message: text}} }

type emailInput struct {
	Body struct {
		Email string `json:"email" maxLength:"320"`
	}
}

type idPath struct {
	ID int64 `path:"id" minimum:"1"`
}

type sessionCookie struct {
	Session string `cookie:"hive_session"`
}

// Register lists every account operation.
func (h *HTTP) Register(api huma.API) {
	public := httpapi.Operations{API: api, Access: httpapi.Public, Tag: "Account"}
	signed := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Account"}
	httpapi.Op(public, "getCsrfToken", "GET /account/token", "CSRF token for unsafe requests", h.token)
	httpapi.Op(public, "login", "POST /account/login",
		"Sign in with email and password: a session, or a second factor asked for", h.login, 401, 403, 422, 503)
	httpapi.Op(public.Answering(http.StatusNoContent), "logout", "POST /account/logout", "Sign out", h.logout)
	httpapi.Op(signed.BeforeSecondFactor(), "whoami", "GET /account/whoami", "The signed-in user with needs and level",
		httpapi.WithUser(h.whoami))
	httpapi.Op(public.Answering(http.StatusAccepted), "requestPasswordReset", "POST /account/request-password-reset",
		"Mail a password reset link", h.requestReset, 422, 503)
	httpapi.Op(public.Answering(http.StatusAccepted), "resetUnauthenticatedPassword",
		"POST /account/reset-unauthenticated-password",
		"Mail a new reset link to an account that requires a reset", h.requestRequiredReset, 422, 503)
	httpapi.Op(public, "resetPassword", "POST /account/reset-password",
		"Set a new password with a reset token", h.resetPassword, 422, 503)
	httpapi.Op(public, "activateAccount", "POST /account/activate-account",
		"Activate an account with its activation token", h.activateAccount, 422, 503)
	httpapi.Op(public, "checkToken", "POST /account/check-token",
		"Whether a reset or activation link is still live, and whether it asks for a password", h.checkToken, 422, 503)
	httpapi.Op(signed, "setPassword", "POST /account/{id}/set-password",
		"Set a user's password (administrators)", h.setPassword, 403, 404, 422)
	httpapi.Op(signed, "impersonate", "POST /account/impersonate/{id}",
		"Act as another user (administrators)", h.impersonate, 403, 404, 409)
	httpapi.Op(signed, "cancelImpersonate", "POST /account/cancel-impersonate",
		"Stop impersonating", h.cancelImpersonate, 409)
	h.registerOwnAccount(signed)
	if h.Passkeys != nil {
		h.registerPasskeys(public, signed)
	}
	h.registerSessions(signed)
}

// token answers the CSRF token for this browser's session (httpapi.IssueCSRF: signed and bound
// to the session cookie) and sets the cookie that carries it.
func (h *HTTP) token(ctx context.Context, _ *struct{}) (*struct {
	SetCookie http.Cookie `header:"Set-Cookie"`
	Body      struct {
		Token string `json:"token"`
	}
}, error) {
	out := &struct {
		SetCookie http.Cookie `header:"Set-Cookie"`
		Body      struct {
			Token string `json:"token"`
		}
	}{}
	out.Body.Token, out.SetCookie = httpapi.IssueCSRF(ctx)
	return out, nil
}

// sessionCookies set the cookie of an ordinary session (a browser-session cookie: the server
// decides when it ends) or, with an empty token, clear it.
func (h *HTTP) sessionCookies(token string, impersonating bool) []http.Cookie {
	return h.loginCookies(token, false, impersonating)
}

// loginCookies are sessionCookies for a session that may be remembered: its cookie outlives
// the browser and lasts as long as the session may.
func (h *HTTP) loginCookies(token string, remember, impersonating bool) []http.Cookie {
	session := http.Cookie{Name: httpapi.SessionCookie, Value: token, Path: "/", HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: h.SecureCookies}
	switch {
	case token == "":
		session.MaxAge = -1
	case remember:
		session.MaxAge = int(h.Service.Store.Limits.RememberLifetime.Seconds())
	}
	return []http.Cookie{session, h.impersonatingCookie(impersonating)}
}

func (h *HTTP) impersonatingCookie(on bool) http.Cookie {
	c := http.Cookie{Name: httpapi.ImpersonatingCookie, Value: "1", Path: "/", SameSite: http.SameSiteLaxMode,
		Secure: h.SecureCookies}
	if !on {
		c.Value, c.MaxAge = "", -1
	}
	return c
}

func (h *HTTP) login(ctx context.Context, in *struct {
	Body struct {
		Email    string `json:"email" maxLength:"320"`
		Password string `json:"password" maxLength:"200" text:"secret"`
		Remember bool   `json:"remember,omitempty" required:"false" doc:"Keep me signed in: no idle timeout, and the session lasts up to HIVE_SESSION_REMEMBER_LIFETIME"`
	}
}) (*loginOutput, error) {
	signIn, err := h.Service.Login(ctx, httpapi.ClientAddr(ctx), in.Body.Email, in.Body.Password, in.Body.Remember)
	if err != nil {
		return nil, err
	}
	return h.signInAnswer(ctx, signIn, in.Body.Remember)
}

func (h *HTTP) logout(ctx context.Context, in *sessionCookie) (*struct {
	SetCookie []http.Cookie `header:"Set-Cookie"`
}, error) {
	if in.Session != "" {
		if err := h.Service.Logout(ctx, in.Session); err != nil {
			return nil, err
		}
	}
	return &struct {
		SetCookie []http.Cookie `header:"Set-Cookie"`
	}{SetCookie: h.sessionCookies("", false)}, nil
}

func (h *HTTP) whoami(ctx context.Context, p *auth.Principal, _ *struct{}) (*currentUserOutput, error) {
	u, ok := sessionUser(ctx, p.UserID)
	if !ok {
		var err error
		if u, err = h.Service.Store.User(ctx, p.UserID); err != nil {
			return nil, err
		}
	}
	var imp *Impersonator
	if p.ImpersonatorID != 0 {
		imp = &Impersonator{ID: p.ImpersonatorID, FullName: p.ImpersonatorName}
	}
	cu := currentUserOf(u, p.Needs, imp, h.BuildID)
	cu.setSecondFactor(p)
	if err := h.addActions(ctx, &cu); err != nil {
		return nil, err
	}
	return &currentUserOutput{Body: cu}, nil
}

const resetSent = "If an account uses this address, we have sent it a link to reset the password."

func (h *HTTP) requestReset(ctx context.Context, in *emailInput) (*messageOutput, error) {
	if err := h.Service.RequestPasswordReset(ctx, in.Body.Email, false); err != nil {
		return nil, err
	}
	return message(resetSent), nil
}

func (h *HTTP) requestRequiredReset(ctx context.Context, in *emailInput) (*messageOutput, error) {
	if err := h.Service.RequestPasswordReset(ctx, in.Body.Email, true); err != nil {
		return nil, err
	}
	return message(resetSent), nil
}

func (h *HTTP) resetPassword(ctx context.Context, in *struct {
	Body struct {
		Token    string `json:"token" maxLength:"200"`
		Password string `json:"password" maxLength:"200" text:"secret"`
	}
}) (*messageOutput, error) {
	if err := h.Service.ResetPassword(ctx, httpapi.ClientAddr(ctx), in.Body.Token, in.Body.Password); err != nil {
		return nil, err
	}
	return message("Your password has been reset. You can now log in."), nil
}

func (h *HTTP) activateAccount(ctx context.Context, in *struct {
	Body struct {
		ActivationToken string  `json:"activationToken" maxLength:"200"`
		Password        *string `json:"password" maxLength:"200" required:"false" nullable:"true" text:"secret"`
	}
}) (*messageOutput, error) {
	if err := h.Service.ActivateAccount(ctx, httpapi.ClientAddr(ctx), in.Body.ActivationToken, in.Body.Password); err != nil {
		return nil, err
	}
	return message("Your account is active. You can now log in."), nil
}

// checkTokenOutput tells a token link's screen what to ask for.
type checkTokenOutput struct {
	Body struct {
		PasswordNeeded bool `json:"passwordNeeded" doc:"The screen asks for a password: always for a reset; for an activation only when the account has none yet (created for the user)"`
	}
}

func (h *HTTP) checkToken(ctx context.Context, in *struct {
	Body struct {
		Token   string `json:"token" maxLength:"200"`
		Purpose string `json:"purpose" enum:"reset,activation"`
	}
}) (*checkTokenOutput, error) {
	needed, err := h.Service.CheckToken(ctx, httpapi.ClientAddr(ctx), in.Body.Token, in.Body.Purpose)
	if err != nil {
		return nil, err
	}
	out := &checkTokenOutput{}
	out.Body.PasswordNeeded = needed
	return out, nil
}

func (h *HTTP) setPassword(ctx context.Context, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		Password string `json:"password" maxLength:"200" text:"secret"`
	}
}) (*messageOutput, error) {
	if err := h.Service.SetPassword(ctx, in.ID, in.Body.Password); err != nil {
		return nil, err
	}
	return message("Password set."), nil
}

func (h *HTTP) impersonate(ctx context.Context, in *idPath) (*currentUserOutput, error) {
	admin := auth.FromContext(ctx)
	u, err := h.Service.Impersonate(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	body, err := h.currentUser(ctx, u, &Impersonator{ID: admin.UserID, FullName: admin.FullName()})
	if err != nil {
		return nil, err
	}
	return &currentUserOutput{SetCookie: []http.Cookie{h.impersonatingCookie(true)}, Body: body}, nil
}

func (h *HTTP) cancelImpersonate(ctx context.Context, _ *struct{}) (*currentUserOutput, error) {
	u, err := h.Service.CancelImpersonation(ctx)
	if err != nil {
		return nil, err
	}
	body, err := h.currentUser(ctx, u, nil)
	if err != nil {
		return nil, err
	}
	return &currentUserOutput{SetCookie: []http.Cookie{h.impersonatingCookie(false)}, Body: body}, nil
}

// currentUser builds whoami for a user other than the session's principal (just signed in, or
// switched by impersonation), reading its needs.
func (h *HTTP) currentUser(ctx context.Context, u User, imp *Impersonator) (CurrentUser, error) {
	needs, err := h.Service.Store.Needs(ctx, u)
	if err != nil {
		return CurrentUser{}, err
	}
	cu := currentUserOf(u, needs, imp, h.BuildID)
	st, err := readSecondFactorState(ctx, h.Service.Store.DB, u.ID)
	if err != nil {
		return CurrentUser{}, err
	}
	p := &auth.Principal{CanAdmin: u.CanAdmin}
	if imp != nil {
		p.ImpersonatorID = imp.ID
	}
	h.Service.Store.principalSecondFactor(p, u, st)
	cu.setSecondFactor(p)
	return cu, h.addActions(ctx, &cu)
}

// addActions adds to whoami the actions required that other features hold: pending invitations
// and offers awaiting an answer. Both are counted in one read (CountActions); the invitations are
// listed only when there are some, which is rare, so the usual whoami makes one query here.
func (h *HTTP) addActions(ctx context.Context, cu *CurrentUser) error {
	count := h.Service.CountActions
	if count == nil {
		return h.addInvitations(ctx, cu)
	}
	n, err := count(ctx, cu.ID)
	if err != nil {
		return err
	}
	cu.OffersAwaitingAnswer = n.Offers
	cu.ActionsRequired += n.Offers
	cu.TimesheetActions = n.Timesheets
	cu.ActionsRequired += n.Timesheets
	if n.Invitations == 0 {
		return nil
	}
	return h.addInvitations(ctx, cu)
}

// addInvitations puts the user's pending invitations into whoami; each is an action required.
func (h *HTTP) addInvitations(ctx context.Context, cu *CurrentUser) error {
	if h.Service.PendingInvitations == nil {
		return nil
	}
	pending, err := h.Service.PendingInvitations(ctx, cu.ID, cu.Email)
	if err != nil {
		return err
	}
	if pending != nil {
		cu.Invitations = pending
	}
	cu.ActionsRequired += len(pending)
	return nil
}
