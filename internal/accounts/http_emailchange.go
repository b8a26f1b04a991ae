package accounts

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/httpapi"
)

// RegisterEmailChange adds POST /account/change-email and POST /account/confirm-email.
func (h *HTTP) RegisterEmailChange(api huma.API) {
	signed := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Account"}
	public := httpapi.Operations{API: api, Access: httpapi.Public, Tag: "Account"}
	httpapi.Op(signed.Answering(http.StatusAccepted), "changeEmail", "POST /account/change-email",
		"Ask to change one's own email address: needs the current password; mails a confirmation link to the new address",
		func(ctx context.Context, in *changeEmailInput) (*messageOutput, error) {
			email, err := h.Service.RequestEmailChange(ctx, in.Body.NewEmail, in.Body.CurrentPassword)
			if err != nil {
				return nil, err
			}
			return message(EmailChangeSent(email)), nil
		}, 403, 422, 503)
	httpapi.Op(public, "confirmEmail", "POST /account/confirm-email",
		"Apply an email change with the token of its confirmation link",
		func(ctx context.Context, in *confirmEmailInput) (*messageOutput, error) {
			if err := h.Service.ConfirmEmailChange(ctx, in.Body.Token); err != nil {
				return nil, err
			}
			return message(MsgEmailChanged), nil
		}, 409, 422)
}

// HTTP operations.

type changeEmailInput struct {
	Body struct {
		NewEmail        string `json:"newEmail" maxLength:"320"`
		CurrentPassword string `json:"currentPassword" maxLength:"200" text:"secret"`
	}
}

type confirmEmailInput struct {
	Body struct {
		Token string `json:"token" maxLength:"200"`
	}
}
