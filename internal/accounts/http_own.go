package accounts

import (
	"context"
	"net/http"

	"github.com/hive/hive/internal/platform/httpapi"
)

// registerOwnAccount adds what a signed-in user does to their own sign-in: change the password
// and sign out everywhere.
func (h *HTTP) registerOwnAccount(signed httpapi.Operations) {
	httpapi.Op(signed, "changePassword", "POST /account/change-password",
		"Change one's own password (ends one's other sessions)", h.changePassword, 401, 409, 422, 503)
	httpapi.Op(signed.Answering(http.StatusNoContent).BeforeSecondFactor(), "logoutEverywhere", "POST /account/logout-everywhere",
		"Sign out of every session, this one included", h.logoutEverywhere, 401, 409)
	h.registerSecondFactor(signed)
}

func (h *HTTP) changePassword(ctx context.Context, in *struct {
	Body struct {
		CurrentPassword string `json:"currentPassword" maxLength:"200" text:"secret"`
		NewPassword     string `json:"newPassword" maxLength:"200" text:"secret"`
	}
}) (*messageOutput, error) {
	if err := h.Service.ChangePassword(ctx, in.Body.CurrentPassword, in.Body.NewPassword); err != nil {
		return nil, err
	}
	return message(MsgPasswordChanged), nil
}

func (h *HTTP) logoutEverywhere(ctx context.Context, _ *struct{}) (*struct {
	SetCookie []http.Cookie `header:"Set-Cookie"`
}, error) {
	if err := h.Service.LogoutEverywhere(ctx); err != nil {
		return nil, err
	}
	return &struct {
		SetCookie []http.Cookie `header:"Set-Cookie"`
	}{SetCookie: h.sessionCookies("", false)}, nil
}
