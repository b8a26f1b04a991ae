package push

import (
	"context"
	"fmt"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/notifications"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/httpapi"
)

type handlers struct {
	store  *Store
	keys   Keys
	tokens Tokens
}

// Deps are what the push operations need.
type Deps struct {
	Store  *Store
	Keys   Keys
	Tokens Tokens
}

// Register adds the push operations: the VAPID public key, a device's subscription and its
// switches, and the public answer a notification's button posts.
func Register(api huma.API, d Deps) {
	h := &handlers{store: d.Store, keys: d.Keys, tokens: d.Tokens}
	signed := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Notifications"}
	public := httpapi.Operations{API: api, Access: httpapi.Public, Tag: "Notifications"}
	httpapi.Op(signed, "getPushPublicKey", "GET /push/vapid-public-key",
		"The deployment's VAPID public key, the browser's applicationServerKey", h.publicKey)
	httpapi.Op(signed, "subscribePush", "POST /push/subscription",
		"Subscribe this device (the browser's subscription JSON); answers its switch per type",
		httpapi.WithUser(h.subscribe), 422)
	httpapi.Op(signed, "updatePushSubscription", "PATCH /push/subscription",
		"Turn pushes of types on or off for this device (only types the caller may see)",
		httpapi.WithUser(h.update), 404, 422)
	httpapi.Op(signed.Answering(http.StatusNoContent), "unsubscribePush", "DELETE /push/subscription",
		"Stop pushes to this device", httpapi.WithUser(h.unsubscribe), 404)
	// Public: the button of a notification answers without opening the app; the token, signed
	// for one instruction, one answer and one user, is the credential. The service worker
	// sends it with the browser's CSRF token, as every write.
	httpapi.Op(public, "answerPush", "POST /push/answer",
		"Answer from a pushed notification's button with its signed token", h.answer, 403, 404, 409, 422)
}

// PublicKey is the VAPID public key.
type PublicKey struct {
	PublicKey string `json:"publicKey" doc:"base64url, uncompressed P-256 point"`
}

func (h *handlers) publicKey(ctx context.Context, _ *struct{}) (*struct{ Body PublicKey }, error) {
	if _, err := auth.RequireUser(ctx); err != nil {
		return nil, err
	}
	return &struct{ Body PublicKey }{Body: PublicKey{PublicKey: h.keys.Public}}, nil
}

// Device is one subscribed device's switches.
type Device struct {
	Endpoint string       `json:"endpoint"`
	Types    []DeviceType `json:"types"`
}

// DeviceType is one pushed type and whether this device gets it.
type DeviceType struct {
	Identifier  string `json:"identifier"`
	Label       string `json:"label"`
	Description string `json:"description"`
	Enabled     bool   `json:"enabled"`
}

func (h *handlers) subscribe(ctx context.Context, p *auth.Principal, in *struct{ Body Subscription }) (*struct{ Body Device }, error) {
	id, err := h.store.Subscribe(ctx, p.UserID, in.Body)
	if err != nil {
		return nil, err
	}
	return h.device(ctx, p, id, in.Body.Endpoint)
}

// device answers subscription id's switches for the pushed types p may see.
func (h *handlers) device(ctx context.Context, p *auth.Principal, id int64, endpoint string) (*struct{ Body Device }, error) {
	switches, err := h.store.Switches(ctx, id)
	if err != nil {
		return nil, err
	}
	d := Device{Endpoint: endpoint, Types: []DeviceType{}}
	for _, t := range notifications.PushedTypes(notifications.VisibleTypes(p)) {
		on, set := switches[t.Identifier]
		d.Types = append(d.Types, DeviceType{Identifier: t.Identifier, Label: t.Label, Description: t.Description,
			Enabled: on || !set})
	}
	return &struct{ Body Device }{Body: d}, nil
}

// DeviceChanges turns pushes of types on or off for one device.
type DeviceChanges struct {
	Endpoint string                           `json:"endpoint" minLength:"1" maxLength:"2000"`
	Items    []notifications.PreferenceChange `json:"items" minItems:"1" maxItems:"100"`
}

func (h *handlers) update(ctx context.Context, p *auth.Principal, in *struct{ Body DeviceChanges }) (*struct{ Body Device }, error) {
	id, err := h.store.Owned(ctx, p.UserID, in.Body.Endpoint)
	if err != nil {
		return nil, err
	}
	var v apperror.Invalid
	pushedTypes := map[string]bool{}
	for _, t := range notifications.PushedTypes(notifications.VisibleTypes(p)) {
		pushedTypes[t.Identifier] = true
	}
	choices := map[string]bool{}
	for _, it := range in.Body.Items {
		if !pushedTypes[it.Identifier] {
			v.Add("items", fmt.Sprintf(MsgUnknownType, it.Identifier))
			continue
		}
		choices[it.Identifier] = it.Enabled
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := h.store.SetSwitches(ctx, id, choices); err != nil {
		return nil, err
	}
	return h.device(ctx, p, id, in.Body.Endpoint)
}

// EndpointBody names a device by its subscription's endpoint.
type EndpointBody struct {
	Endpoint string `json:"endpoint" minLength:"1" maxLength:"2000"`
}

func (h *handlers) unsubscribe(ctx context.Context, p *auth.Principal, in *struct{ Body EndpointBody }) (*struct{}, error) {
	return nil, h.store.Unsubscribe(ctx, p.UserID, in.Body.Endpoint)
}

// Answered is what a notification's button did, for the service worker to show.
type Answered struct {
	Message string `json:"message"`
}

func (h *handlers) answer(ctx context.Context, in *struct {
	Body struct {
		Token string `json:"token" minLength:"1" maxLength:"500"`
	}
}) (*struct{ Body Answered }, error) {
	msg, err := h.store.Answer(ctx, h.tokens, in.Body.Token)
	if err != nil {
		return nil, err
	}
	return &struct{ Body Answered }{Body: Answered{Message: msg}}, nil
}
