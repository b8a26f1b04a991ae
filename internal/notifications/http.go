package notifications

import (
	"context"
	"fmt"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/paging"
)

type handlers struct {
	store *Store
	keys  Signer
}

// Register adds the notification list, its counts, one notification, the preferences and the
// public unsubscribe operation. The literal paths are registered before /notification/{id},
// whose id is a positive integer, so they are never read as an id.
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}, keys: NewSigner(d.Config.Secret)}
	signed := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Notifications"}
	public := httpapi.Operations{API: api, Access: httpapi.Public, Tag: "Notifications"}
	httpapi.Op(signed, "getNotificationPreferences", "GET /notification/preferences",
		"The notification types the caller may set, with their choices", httpapi.WithUser(h.preferences))
	httpapi.Op(signed, "updateNotificationPreferences", "PATCH /notification/preferences",
		"Turn notification types on or off (only types the caller may see)", httpapi.WithUser(h.updatePreferences), 422)
	httpapi.Op(signed, "getNotificationStats", "GET /notification/stats",
		"How many notifications the caller has, and how many are unread", httpapi.WithUser(h.stats))
	// Public: the link in a mail works without signing in; the signed token is the credential.
	// The link opens the web page /unsubscribe, whose button POSTs here: a mail scanner that
	// opens links turns nothing off, and the token stays out of the request log.
	httpapi.Op(public, "unsubscribeNotification", "POST /notification/unsubscribe",
		"Turn off the mails of one type with a mail's signed link", h.unsubscribe, 422)
	httpapi.Op(signed, "listNotifications", "GET /notification", "The caller's notifications, newest first",
		httpapi.WithUser(h.list))
	httpapi.Op(signed, "listNotificationsByUser", "GET /notification/by-user/{id}",
		"A user's notifications, newest first (administrators)", h.listByUser, 403)
	httpapi.Op(signed, "getNotification", "GET /notification/{id}",
		"One notification (its recipient, or an administrator)", httpapi.WithUser(h.get), 404)
	httpapi.Op(signed, "updateNotification", "PATCH /notification/{id}",
		"Mark one of the caller's notifications read", httpapi.WithUser(h.update), 404, 422)
}

// ListParams pick a page of notifications.
type ListParams struct {
	paging.Params
	UnreadOnly httpapi.OptionalBool `query:"unreadOnly" default:"" doc:"true: only unread notifications"`
}

func (in ListParams) query(user int64) ListQuery {
	return ListQuery{UserID: user, UnreadOnly: in.UnreadOnly.Is(), Limit: in.Limit(), Offset: in.Offset()}
}

type listOutput struct{ Body NotificationList }

func (h *handlers) list(ctx context.Context, p *auth.Principal, in *ListParams) (*listOutput, error) {
	return h.page(ctx, in.query(p.UserID))
}

func (h *handlers) listByUser(ctx context.Context, in *struct {
	ID int64 `path:"id" minimum:"1"`
	ListParams
}) (*listOutput, error) {
	if _, err := auth.Require(ctx, auth.NeedAdmin); err != nil {
		return nil, err
	}
	return h.page(ctx, in.query(in.ID))
}

// page answers the page of notifications q asks for.
func (h *handlers) page(ctx context.Context, q ListQuery) (*listOutput, error) {
	out, err := h.store.List(ctx, q)
	if err != nil {
		return nil, err
	}
	return &listOutput{Body: out}, nil
}

func (h *handlers) stats(ctx context.Context, p *auth.Principal, _ *struct{}) (*struct{ Body NotificationStats }, error) {
	st, err := h.store.Stats(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body NotificationStats }{Body: st}, nil
}

type idPath struct {
	ID int64 `path:"id" minimum:"1"`
}

type oneOutput struct{ Body Notification }

// readable reads notification id for p: its recipient, or an administrator; 404 for anyone
// else, so an id confirms nothing.
func (h *handlers) readable(ctx context.Context, p *auth.Principal, id int64) (row, error) {
	r, err := h.store.Get(ctx, id)
	if err != nil {
		return row{}, err
	}
	if r.UserID != p.UserID && !p.Has(auth.NeedAdmin) {
		return row{}, apperror.NotFound("Notification")
	}
	return r, nil
}

func (h *handlers) get(ctx context.Context, p *auth.Principal, in *idPath) (*oneOutput, error) {
	r, err := h.readable(ctx, p, in.ID)
	if err != nil {
		return nil, err
	}
	return &oneOutput{Body: r.view()}, nil
}

// ReadBody marks a notification read.
type ReadBody struct {
	ReadReceipt time.Time `json:"readReceipt" doc:"When it was opened (RFC 3339)"`
}

func (h *handlers) update(ctx context.Context, p *auth.Principal, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body ReadBody
}) (*oneOutput, error) {
	r, err := h.store.Get(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	// Only the recipient reads their notification; an administrator looking at it (or an
	// administrator impersonating nobody) leaves it unread.
	if r.UserID != p.UserID {
		return nil, apperror.NotFound("Notification")
	}
	r, err = h.store.MarkRead(ctx, in.ID, p.UserID, in.Body.ReadReceipt)
	if err != nil {
		return nil, err
	}
	return &oneOutput{Body: r.view()}, nil
}

type preferencesOutput struct{ Body Preferences }

func (h *handlers) preferences(ctx context.Context, p *auth.Principal, _ *struct{}) (*preferencesOutput, error) {
	return h.answerPreferences(ctx, p)
}

func (h *handlers) answerPreferences(ctx context.Context, p *auth.Principal) (*preferencesOutput, error) {
	stored, err := h.store.Choices(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	return &preferencesOutput{Body: preferencesOf(VisibleTypes(p), stored)}, nil
}

// PreferenceChange turns one type on or off.
type PreferenceChange struct {
	Identifier string `json:"identifier" minLength:"1" maxLength:"100"`
	Enabled    bool   `json:"enabled"`
}

// PreferencesBody is a list of changes.
type PreferencesBody struct {
	Items []PreferenceChange `json:"items" minItems:"1" maxItems:"100"`
}

func (h *handlers) updatePreferences(ctx context.Context, p *auth.Principal, in *struct{ Body PreferencesBody }) (*preferencesOutput, error) {
	choices, err := changes(p, in.Body.Items)
	if err != nil {
		return nil, err
	}
	if err := h.store.SetChoices(ctx, p.UserID, choices); err != nil {
		return nil, err
	}
	return h.answerPreferences(ctx, p)
}

// changes checks that p may set every type named, and returns identifier → enabled (the last
// change of a type wins).
func changes(p *auth.Principal, items []PreferenceChange) (map[string]bool, error) {
	var v apperror.Invalid
	out := make(map[string]bool, len(items))
	for _, it := range items {
		t, ok := TypeOf(it.Identifier)
		if !ok || !CanSee(p, t) {
			v.Add("items", fmt.Sprintf(MsgUnknownType, it.Identifier))
			continue
		}
		out[t.Identifier] = it.Enabled
	}
	return out, v.Err()
}

// Unsubscribed is the answer to an unsubscribe link.
type Unsubscribed struct {
	Identifier string `json:"identifier"`
	Label      string `json:"label"`
	Message    string `json:"message"`
}

func (h *handlers) unsubscribe(ctx context.Context, in *struct {
	Body struct {
		Token string `json:"token" maxLength:"500"`
	}
}) (*struct{ Body Unsubscribed }, error) {
	user, t, ok := h.keys.Verify(in.Body.Token)
	if !ok {
		return nil, apperror.Field("token", MsgBadToken)
	}
	if err := h.store.SetChoices(ctx, user, map[string]bool{t.Identifier: false}); err != nil {
		return nil, err
	}
	return &struct{ Body Unsubscribed }{Body: Unsubscribed{Identifier: t.Identifier, Label: t.Label,
		Message: fmt.Sprintf(MsgUnsubscribed, "'"+t.Label+"'")}}, nil
}
