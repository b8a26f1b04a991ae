package accounts

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/hive/hive/internal/platform/httpapi"
)

// The passkey operations (passkeys.go). The options and answers travel as WebAuthn's JSON
// forms, with binary values in base64url, so the web app converts them for the browser's
// navigator.credentials calls.

// PasskeyDescriptor names a credential in options.
type PasskeyDescriptor struct {
	Type       string   `json:"type"`
	ID         string   `json:"id" doc:"The credential id, base64url"`
	Transports []string `json:"transports,omitempty" required:"false"`
}

// PasskeyAlgorithm is a public key algorithm the server accepts (COSE number).
type PasskeyAlgorithm struct {
	Type string `json:"type"`
	Alg  int    `json:"alg"`
}

// PasskeyCreationOptions are the options of navigator.credentials.create (publicKey).
type PasskeyCreationOptions struct {
	Challenge string `json:"challenge" doc:"base64url"`
	RP        struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	} `json:"rp"`
	User struct {
		ID          string `json:"id" doc:"The user handle, base64url"`
		Name        string `json:"name"`
		DisplayName string `json:"displayName"`
	} `json:"user"`
	PubKeyCredParams       []PasskeyAlgorithm  `json:"pubKeyCredParams" nullable:"false"`
	Timeout                int                 `json:"timeout,omitempty" required:"false"`
	ExcludeCredentials     []PasskeyDescriptor `json:"excludeCredentials" nullable:"false"`
	AuthenticatorSelection struct {
		ResidentKey        string `json:"residentKey,omitempty" required:"false"`
		RequireResidentKey bool   `json:"requireResidentKey,omitempty" required:"false"`
		UserVerification   string `json:"userVerification,omitempty" required:"false"`
	} `json:"authenticatorSelection"`
	Attestation string `json:"attestation,omitempty" required:"false"`
}

// PasskeyRequestOptions are the options of navigator.credentials.get (publicKey).
type PasskeyRequestOptions struct {
	Challenge        string              `json:"challenge" doc:"base64url"`
	Timeout          int                 `json:"timeout,omitempty" required:"false"`
	RPID             string              `json:"rpId"`
	AllowCredentials []PasskeyDescriptor `json:"allowCredentials" nullable:"false"`
	UserVerification string              `json:"userVerification,omitempty" required:"false"`
}

// PasskeyAttestation is the browser's answer to navigator.credentials.create, in WebAuthn's
// JSON form (PublicKeyCredential.toJSON()).
type PasskeyAttestation struct {
	ID                      string `json:"id" maxLength:"1400"`
	RawID                   string `json:"rawId" maxLength:"1400"`
	Type                    string `json:"type" maxLength:"32"`
	AuthenticatorAttachment string `json:"authenticatorAttachment,omitempty" required:"false" maxLength:"32"`
	Response                struct {
		ClientDataJSON    string   `json:"clientDataJSON" maxLength:"8192"`
		AttestationObject string   `json:"attestationObject" maxLength:"65536"`
		Transports        []string `json:"transports,omitempty" required:"false" maxItems:"10"`
	} `json:"response"`
	ClientExtensionResults map[string]any `json:"clientExtensionResults,omitempty" required:"false"`
}

// PasskeyAssertion is the browser's answer to navigator.credentials.get, in WebAuthn's JSON form.
type PasskeyAssertion struct {
	ID                      string `json:"id" maxLength:"1400"`
	RawID                   string `json:"rawId" maxLength:"1400"`
	Type                    string `json:"type" maxLength:"32"`
	AuthenticatorAttachment string `json:"authenticatorAttachment,omitempty" required:"false" maxLength:"32"`
	Response                struct {
		ClientDataJSON    string `json:"clientDataJSON" maxLength:"8192"`
		AuthenticatorData string `json:"authenticatorData" maxLength:"8192"`
		Signature         string `json:"signature" maxLength:"2048"`
		UserHandle        string `json:"userHandle,omitempty" required:"false" maxLength:"128"`
	} `json:"response"`
	ClientExtensionResults map[string]any `json:"clientExtensionResults,omitempty" required:"false"`
}

type passkeyIDPath struct {
	ID int64 `path:"id" minimum:"1"`
}

type passkeyNameBody struct {
	Name string `json:"name" maxLength:"200"`
}

type passkeyOutput struct {
	Body Passkey
}

// registerPasskeys adds the passkey operations: the signed-in user's own passkeys, and the
// sign-in with a passkey alone or as the second step of a pending sign-in.
func (h *HTTP) registerPasskeys(public, signed httpapi.Operations) {
	k := h.Passkeys
	enrolling := signed.BeforeSecondFactor() // a passkey is a second factor: one who must enrol may add one
	httpapi.Op(enrolling, "listPasskeys", "GET /account/passkeys", "The signed-in user's passkeys", k.list)
	httpapi.Op(enrolling, "beginPasskeyRegistration", "POST /account/passkeys/register/begin",
		"Start registering a passkey: options for navigator.credentials.create", k.beginRegistration, 409, 503)
	httpapi.Op(enrolling.Answering(http.StatusCreated), "finishPasskeyRegistration", "POST /account/passkeys/register/finish",
		"Keep the passkey the browser created, under a name", k.finishRegistration, 409, 422)
	httpapi.Op(signed, "renamePasskey", "PATCH /account/passkeys/{id}", "Rename one of one's passkeys", k.rename,
		404, 409, 422)
	httpapi.Op(signed.Answering(http.StatusNoContent), "deletePasskey", "DELETE /account/passkeys/{id}",
		"Remove one of one's passkeys", k.remove, 404, 409)
	httpapi.Op(public, "beginPasskeyLogin", "POST /account/passkeys/login/begin",
		"Start signing in with a passkey: options for navigator.credentials.get", k.beginLogin, 409, 503)
	httpapi.Op(public, "finishPasskeyLogin", "POST /account/passkeys/login/finish",
		"Sign in with the passkey the browser chose", h.finishPasskeyLogin, 401, 403, 409, 422)
	httpapi.Op(public, "beginPasskeySecondFactor", "POST /account/login/second-factor/passkey/begin",
		"Start completing a pending sign-in with a passkey: options for navigator.credentials.get",
		h.beginPasskeySecondFactor, 401, 409, 503)
	httpapi.Op(public, "finishPasskeySecondFactor", "POST /account/login/second-factor/passkey/finish",
		"Complete a pending sign-in with one of its user's passkeys", h.finishPasskeySecondFactor,
		401, 403, 409, 422, 503)
}

// reshape moves a library value into the API's own type of the same JSON form.
func reshape[T any](from any) (T, error) {
	var to T
	data, err := json.Marshal(from)
	if err == nil {
		err = json.Unmarshal(data, &to)
	}
	return to, err
}

type passkeyListOutput struct {
	Body []Passkey
}

func (k *Passkeys) list(ctx context.Context, _ *struct{}) (*passkeyListOutput, error) {
	keys, err := k.List(ctx)
	if err != nil {
		return nil, err
	}
	return &passkeyListOutput{Body: keys}, nil
}

type passkeyCreationOutput struct {
	Body struct {
		Ceremony  string                 `json:"ceremony" doc:"Sent back with the answer; works once, for 5 minutes"`
		PublicKey PasskeyCreationOptions `json:"publicKey"`
	}
}

func (k *Passkeys) beginRegistration(ctx context.Context, _ *struct{}) (*passkeyCreationOutput, error) {
	token, options, err := k.BeginRegistration(ctx)
	if err != nil {
		return nil, err
	}
	out := &passkeyCreationOutput{}
	out.Body.Ceremony = token
	out.Body.PublicKey, err = reshape[PasskeyCreationOptions](options)
	if out.Body.PublicKey.ExcludeCredentials == nil {
		out.Body.PublicKey.ExcludeCredentials = []PasskeyDescriptor{}
	}
	return out, err
}

func (k *Passkeys) finishRegistration(ctx context.Context, in *struct {
	Body struct {
		Ceremony   string             `json:"ceremony" maxLength:"200"`
		Name       string             `json:"name" maxLength:"200"`
		Credential PasskeyAttestation `json:"credential"`
	}
}) (*passkeyOutput, error) {
	answer, err := json.Marshal(in.Body.Credential)
	if err != nil {
		return nil, err
	}
	key, err := k.FinishRegistration(ctx, in.Body.Ceremony, in.Body.Name, answer)
	if err != nil {
		return nil, err
	}
	return &passkeyOutput{Body: key}, nil
}

func (k *Passkeys) rename(ctx context.Context, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body passkeyNameBody
}) (*passkeyOutput, error) {
	key, err := k.Rename(ctx, in.ID, in.Body.Name)
	if err != nil {
		return nil, err
	}
	return &passkeyOutput{Body: key}, nil
}

func (k *Passkeys) remove(ctx context.Context, in *passkeyIDPath) (*struct{}, error) {
	return nil, k.Remove(ctx, in.ID)
}

type passkeyRequestOutput struct {
	Body struct {
		Ceremony  string                `json:"ceremony" doc:"Sent back with the answer; works once, for 5 minutes"`
		PublicKey PasskeyRequestOptions `json:"publicKey"`
	}
}

func (k *Passkeys) beginLogin(ctx context.Context, _ *struct{}) (*passkeyRequestOutput, error) {
	token, options, err := k.BeginLogin(ctx, httpapi.ClientAddr(ctx))
	if err != nil {
		return nil, err
	}
	return requestOutput(token, options)
}

// requestOutput answers the options of navigator.credentials.get.
func requestOutput(token string, options any) (*passkeyRequestOutput, error) {
	out := &passkeyRequestOutput{}
	out.Body.Ceremony = token
	var err error
	out.Body.PublicKey, err = reshape[PasskeyRequestOptions](options)
	if out.Body.PublicKey.AllowCredentials == nil {
		out.Body.PublicKey.AllowCredentials = []PasskeyDescriptor{}
	}
	return out, err
}

func (h *HTTP) finishPasskeyLogin(ctx context.Context, in *struct {
	Body struct {
		Ceremony   string           `json:"ceremony" maxLength:"200"`
		Credential PasskeyAssertion `json:"credential"`
		Remember   bool             `json:"remember,omitempty" required:"false" doc:"Keep me signed in, as for the password sign-in"`
	}
}) (*currentUserOutput, error) {
	answer, err := json.Marshal(in.Body.Credential)
	if err != nil {
		return nil, err
	}
	token, u, err := h.Passkeys.FinishLogin(ctx, in.Body.Ceremony, answer, in.Body.Remember)
	if err != nil {
		return nil, err
	}
	body, err := h.currentUser(ctx, u, nil)
	if err != nil {
		return nil, err
	}
	return &currentUserOutput{SetCookie: h.loginCookies(token, in.Body.Remember, false), Body: body}, nil
}

func (h *HTTP) beginPasskeySecondFactor(ctx context.Context, in *struct {
	Pending string `cookie:"hive_pending_login"`
}) (*passkeyRequestOutput, error) {
	token, options, err := h.Passkeys.BeginPendingLogin(ctx, httpapi.ClientAddr(ctx), in.Pending)
	if err != nil {
		return nil, err
	}
	return requestOutput(token, options)
}

func (h *HTTP) finishPasskeySecondFactor(ctx context.Context, in *struct {
	Pending string `cookie:"hive_pending_login"`
	Body    struct {
		Ceremony   string           `json:"ceremony" maxLength:"200"`
		Credential PasskeyAssertion `json:"credential"`
	}
}) (*loginOutput, error) {
	answer, err := json.Marshal(in.Body.Credential)
	if err != nil {
		return nil, err
	}
	signIn, err := h.Passkeys.FinishPendingLogin(ctx, httpapi.ClientAddr(ctx), in.Pending, in.Body.Ceremony, answer)
	if err != nil {
		return nil, err
	}
	return h.signInAnswer(ctx, signIn, signIn.Remember)
}
