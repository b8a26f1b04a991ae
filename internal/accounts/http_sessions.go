package accounts

import (
	"context"
	"net/http"

	"github.com/hive/hive/internal/platform/httpapi"
)

// registerSessions adds the active sessions list: one's own (Settings) and, for
// administrators, any user's (the user's admin page).
func (h *HTTP) registerSessions(signed httpapi.Operations) {
	httpapi.Op(signed, "listMySessions", "GET /account/sessions",
		"The signed-in user's active sessions, the current one marked", h.listMySessions, 409)
	httpapi.Op(signed.Answering(http.StatusNoContent), "endMySession", "DELETE /account/sessions/{sessionId}",
		"End one of one's own sessions (the current one signs out)", h.endMySession, 404, 409)
	httpapi.Op(signed, "listUserSessions", "GET /account/{id}/sessions",
		"A user's active sessions (administrators)", h.listUserSessions, 403, 404)
	httpapi.Op(signed.Answering(http.StatusNoContent), "endUserSession", "DELETE /account/{id}/sessions/{sessionId}",
		"End one of a user's sessions (administrators; recorded in the history)", h.endUserSession, 403, 404)
}

type sessionsOutput struct {
	Body []SessionView
}

// endedOutput clears the session cookie when the session ended was the one asking.
type endedOutput struct {
	SetCookie []http.Cookie `header:"Set-Cookie"`
}

func (h *HTTP) ended(current bool) *endedOutput {
	if !current {
		return &endedOutput{}
	}
	return &endedOutput{SetCookie: h.sessionCookies("", false)}
}

func (h *HTTP) listMySessions(ctx context.Context, _ *struct{}) (*sessionsOutput, error) {
	list, err := h.Service.MySessions(ctx)
	if err != nil {
		return nil, err
	}
	return &sessionsOutput{Body: list}, nil
}

func (h *HTTP) endMySession(ctx context.Context, in *struct {
	SessionID int64 `path:"sessionId" minimum:"1"`
}) (*endedOutput, error) {
	current, err := h.Service.EndMySession(ctx, in.SessionID)
	if err != nil {
		return nil, err
	}
	return h.ended(current), nil
}

func (h *HTTP) listUserSessions(ctx context.Context, in *idPath) (*sessionsOutput, error) {
	list, err := h.Service.UserSessions(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	return &sessionsOutput{Body: list}, nil
}

func (h *HTTP) endUserSession(ctx context.Context, in *struct {
	ID        int64 `path:"id" minimum:"1"`
	SessionID int64 `path:"sessionId" minimum:"1"`
}) (*endedOutput, error) {
	current, err := h.Service.EndUserSession(ctx, in.ID, in.SessionID)
	if err != nil {
		return nil, err
	}
	return h.ended(current), nil
}
