package accounts

import (
	"context"
	"net/http"

	"github.com/hive/hive/internal/platform/httpapi"
)

// PendingLoginCookie carries a pending login (a sign-in waiting for its second factor) from the
// login answer to the operations under /account/login that complete it.
const PendingLoginCookie = "hive_pending_login"

// SecondFactorScreen is the web's second sign-in step, where provider sign-in lands when a second
// factor is asked for.
const SecondFactorScreen = "/login/second-factor"

// SecondFactorChallenge says that the password was right and a second factor is asked for.
type SecondFactorChallenge struct {
	Required bool     `json:"required"`
	Methods  []string `json:"methods" doc:"totp, recovery (and passkey where enrolled)"`
}

// LoginAnswer is a sign-in's answer: the signed-in user, or the second factor asked for (with
// the pending login in its cookie, and no session yet).
type LoginAnswer struct {
	User         *CurrentUser           `json:"user,omitempty" doc:"Present when signed in"`
	SecondFactor *SecondFactorChallenge `json:"secondFactor,omitempty" doc:"Present when a second factor must complete the sign-in (POST /account/login/second-factor)"`
}

type loginOutput struct {
	SetCookie []http.Cookie `header:"Set-Cookie"`
	Body      LoginAnswer
}

// pendingLoginCookie sets (or, with an empty token, clears) the pending login's cookie: HttpOnly,
// sent only to /account/login and its steps, and gone when the pending login expires.
func (h *HTTP) pendingLoginCookie(token string) http.Cookie {
	c := http.Cookie{Name: PendingLoginCookie, Value: token, Path: httpapi.Prefix + "/account/login", HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: h.SecureCookies, MaxAge: int(PendingLoginTTL.Seconds())}
	if token == "" {
		c.MaxAge = -1
	}
	return c
}

// signInAnswer answers a sign-in: the session's cookies and the user, or the pending login's
// cookie and the second factor asked for.
func (h *HTTP) signInAnswer(ctx context.Context, in SignIn, remember bool) (*loginOutput, error) {
	if in.Pending != "" {
		return &loginOutput{SetCookie: []http.Cookie{h.pendingLoginCookie(in.Pending)},
			Body: LoginAnswer{SecondFactor: &SecondFactorChallenge{Required: true, Methods: in.Methods}}}, nil
	}
	body, err := h.currentUser(ctx, in.User, nil)
	if err != nil {
		return nil, err
	}
	cookies := append(h.loginCookies(in.Session, remember, false), h.pendingLoginCookie(""))
	return &loginOutput{SetCookie: cookies, Body: LoginAnswer{User: &body}}, nil
}

// registerSecondFactor adds two-step sign-in: the login's second step, enrolment (which a user
// who must enrol may call, BeforeSecondFactor), turning it off, and an administrator's reset.
func (h *HTTP) registerSecondFactor(signed httpapi.Operations) {
	public := httpapi.Operations{API: signed.API, Access: httpapi.Public, Tag: signed.Tag}
	enrolling := signed.BeforeSecondFactor()
	httpapi.Op(public, "loginSecondFactor", "POST /account/login/second-factor",
		"Complete a sign-in with a code from the authenticator app or a recovery code", h.loginSecondFactor, 401, 403, 422, 503)
	httpapi.Op(enrolling, "startTotp", "POST /account/second-factor/totp",
		"Begin enrolling an authenticator app: a new secret and its QR code, shown once", h.startTOTP, 409)
	httpapi.Op(enrolling, "confirmTotp", "POST /account/second-factor/totp/confirm",
		"Turn two-step sign-in on with a first code; answers the recovery codes, shown once", h.confirmTOTP, 409, 422, 503)
	httpapi.Op(signed.Answering(http.StatusNoContent), "disableTotp", "POST /account/second-factor/disable",
		"Turn one's own two-step sign-in off (password and a code)", h.disableTOTP, 403, 409, 422, 503)
	httpapi.Op(signed.Answering(http.StatusNoContent), "resetSecondFactor", "POST /account/{id}/reset-second-factor",
		"Remove a user's second factor and end their sessions (administrators; not one's own)", h.resetSecondFactor, 403, 404, 409)
}

type codeBody struct {
	Code string `json:"code" maxLength:"64" doc:"Six digits from the app, or a recovery code"`
}

func (h *HTTP) loginSecondFactor(ctx context.Context, in *struct {
	Pending string `cookie:"hive_pending_login"`
	Body    codeBody
}) (*loginOutput, error) {
	signIn, err := h.Service.SignInWithCode(ctx, httpapi.ClientAddr(ctx), in.Pending, in.Body.Code)
	if err != nil {
		return nil, err
	}
	return h.signInAnswer(ctx, signIn, signIn.Remember)
}

func (h *HTTP) startTOTP(ctx context.Context, _ *struct{}) (*struct{ Body TOTPEnrolment }, error) {
	e, err := h.Service.StartTOTP(ctx)
	if err != nil {
		return nil, err
	}
	return &struct{ Body TOTPEnrolment }{Body: e}, nil
}

// recoveryCodesBody lists the recovery codes, shown once.
type recoveryCodesBody struct {
	RecoveryCodes []string `json:"recoveryCodes"`
}

func (h *HTTP) confirmTOTP(ctx context.Context, in *struct{ Body codeBody }) (*struct{ Body recoveryCodesBody }, error) {
	codes, err := h.Service.ConfirmTOTP(ctx, in.Body.Code)
	if err != nil {
		return nil, err
	}
	return &struct{ Body recoveryCodesBody }{Body: recoveryCodesBody{RecoveryCodes: codes}}, nil
}

func (h *HTTP) disableTOTP(ctx context.Context, in *struct {
	Body struct {
		Password string `json:"password" maxLength:"200" text:"secret"`
		Code     string `json:"code" maxLength:"64"`
	}
}) (*struct{}, error) {
	if err := h.Service.DisableTOTP(ctx, in.Body.Password, in.Body.Code); err != nil {
		return nil, err
	}
	return &struct{}{}, nil
}

func (h *HTTP) resetSecondFactor(ctx context.Context, in *idPath) (*struct{}, error) {
	if err := h.Service.ResetSecondFactor(ctx, in.ID); err != nil {
		return nil, err
	}
	return &struct{}{}, nil
}
