package accounts

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"sort"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/oidc"
)

// oauthCookie carries the sealed sign-in flow between the login redirect and the callback.
const oauthCookie = "hive_oauth"

// oauthFailure is why a provider sign-in failed, as the one code the browser is sent to
// /oauth/callback?error=CODE. The callback page shows its own fixed text for each code; nothing
// the provider or the request says is ever passed on, so a crafted link cannot make Hive's page
// show an attacker's words (spec part 1 §8 texts live in the web app).
type oauthFailure string

func (f oauthFailure) Error() string { return "oauth: " + string(f) }

// The codes of oauthFailure.
const (
	oauthStartFailed     oauthFailure = "start_failed"      // the provider could not be reached
	oauthFailed          oauthFailure = "failed"            // anything else, provider errors included
	oauthExpired         oauthFailure = "expired"           // no or stale flow cookie
	oauthNoVerifiedEmail oauthFailure = "no_verified_email" // the provider vouches for no address
	oauthNoAccount       oauthFailure = "no_account"        // no Hive account has that address
	oauthNotActivated    oauthFailure = "not_activated"
	oauthNeedsReset      oauthFailure = "needs_reset"
)

// failureOf maps an error of the sign-in to its code; unexpected errors are logged.
func failureOf(ctx context.Context, provider string, err error) oauthFailure {
	var f oauthFailure
	if errors.As(err, &f) {
		return f
	}
	if e := apperror.As(err); e != nil {
		switch e.Code {
		case apperror.CodeNotActivated:
			return oauthNotActivated
		case apperror.CodeNeedsReset:
			return oauthNeedsReset
		}
	}
	slog.ErrorContext(ctx, "oauth callback", "provider", provider, "err", err)
	return oauthFailed
}

// OAuth signs people in with OpenID Connect providers (Google; LinkedIn wired, no button).
type OAuth struct {
	service   *Service
	providers map[string]*oidc.Provider
	key       []byte
	secure    bool
}

// NewOAuth configures every provider that has a client id and secret.
func NewOAuth(s *Service, cfg config.Config) (*OAuth, error) {
	o := &OAuth{service: s, providers: map[string]*oidc.Provider{}, secure: cfg.SecureCookies,
		key: auth.SecretKey(cfg.Secret, "oauth-flow")}
	for name, c := range map[string]config.OAuthClient{"google": cfg.Google, "linkedin": cfg.LinkedIn} {
		if !c.Configured() {
			continue
		}
		p, err := oidc.New(context.Background(), oidc.Config{Name: name, IssuerURL: c.IssuerURL, ClientID: c.ClientID,
			ClientSecret: c.ClientSecret, RedirectURL: cfg.BaseURL + httpapi.Prefix + "/auth/" + name + "/callback"})
		if err != nil {
			return nil, err
		}
		o.providers[name] = p
	}
	return o, nil
}

// Providers lists the configured provider names.
func (o *OAuth) Providers() []string {
	names := make([]string, 0, len(o.providers))
	for n := range o.providers {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

type redirectOutput struct {
	Status    int
	Location  string        `header:"Location"`
	SetCookie []http.Cookie `header:"Set-Cookie"`
}

func (o *OAuth) cookie(value string, maxAge int) http.Cookie {
	return http.Cookie{Name: oauthCookie, Value: value, Path: httpapi.Prefix + "/auth/", HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: o.secure, MaxAge: maxAge}
}

func failure(f oauthFailure) *redirectOutput {
	q := url.Values{"error": {string(f)}}
	return &redirectOutput{Status: http.StatusFound, Location: "/oauth/callback?" + q.Encode()}
}

func (o *OAuth) login(ctx context.Context, in *struct {
	Provider string `path:"provider" maxLength:"32"`
}) (*redirectOutput, error) {
	p, ok := o.providers[in.Provider]
	if !ok {
		return failure(oauthStartFailed), nil
	}
	flow := oidc.NewFlow()
	target, err := p.AuthCodeURL(ctx, flow)
	if err != nil {
		slog.ErrorContext(ctx, "oauth start", "provider", in.Provider, "err", err)
		return failure(oauthStartFailed), nil
	}
	sealed, err := oidc.SealFlow(o.key, flow, in.Provider, "", o.service.Store.DB.Now())
	if err != nil {
		return nil, err
	}
	return &redirectOutput{Status: http.StatusFound, Location: target,
		SetCookie: []http.Cookie{o.cookie(sealed, 600)}}, nil
}

func (o *OAuth) callback(ctx context.Context, in *struct {
	Provider string `path:"provider" maxLength:"32"`
	State    string `query:"state" maxLength:"512"`
	Code     string `query:"code" maxLength:"4096"`
	Error    string `query:"error" maxLength:"512"`
	Sealed   string `cookie:"hive_oauth"`
}) (*redirectOutput, error) {
	out, err := o.finish(ctx, in.Provider, in.State, in.Code, in.Error, in.Sealed)
	if err != nil {
		out = failure(failureOf(ctx, in.Provider, err))
	}
	out.SetCookie = append(out.SetCookie, o.cookie("", -1))
	return out, nil
}

func (o *OAuth) finish(ctx context.Context, provider, state, code, providerErr, sealed string) (*redirectOutput, error) {
	p, ok := o.providers[provider]
	if !ok {
		return nil, oauthStartFailed
	}
	if providerErr != "" {
		slog.InfoContext(ctx, "oauth provider refused", "provider", provider, "error", providerErr)
		return nil, oauthFailed
	}
	flow, sealedProvider, _, err := oidc.OpenFlow(o.key, sealed, o.service.Store.DB.Now())
	if err != nil || sealedProvider != provider {
		return nil, oauthExpired
	}
	id, err := p.Finish(ctx, flow, state, code)
	if err != nil {
		return nil, err
	}
	u, err := o.service.userForIdentity(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := o.service.refuseSignIn(ctx, u); err != nil {
		return nil, err
	}
	in, err := o.service.startSignIn(ctx, u)
	if err != nil {
		return nil, err
	}
	h := HTTP{Service: o.service, SecureCookies: o.secure}
	if in.Pending != "" { // the second factor is asked for on the login screen's second step
		return &redirectOutput{Status: http.StatusFound, Location: SecondFactorScreen,
			SetCookie: []http.Cookie{h.pendingLoginCookie(in.Pending)}}, nil
	}
	q := url.Values{"success": {"true"}, "provider": {provider}}
	return &redirectOutput{Status: http.StatusFound, Location: "/oauth/callback?" + q.Encode(),
		SetCookie: h.sessionCookies(in.Session, false)}, nil
}

// Register adds the provider login and callback operations.
func (o *OAuth) Register(api huma.API) {
	tags := []string{"Account"}
	httpapi.Register(api, httpapi.Public, huma.Operation{OperationID: "providerLogin", Method: http.MethodGet,
		Path: "/auth/{provider}/login", Summary: "Start signing in with a provider (browser navigation)", Tags: tags,
		Responses: map[string]*huma.Response{"302": {Description: "To the provider, or to /oauth/callback with an error"}}},
		o.login)
	httpapi.Register(api, httpapi.Public, huma.Operation{OperationID: "providerCallback", Method: http.MethodGet,
		Path: "/auth/{provider}/callback", Summary: "The provider's redirect back; ends at /oauth/callback", Tags: tags,
		Responses: map[string]*huma.Response{"302": {Description: "To /oauth/callback with success or error"}}},
		o.callback)
}
