package accounts

import (
	"context"
	"strings"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/oidc"
)

// userForIdentity finds the account a provider identity belongs to: by the identity itself, or,
// the first time, by a verified e-mail address, which links the identity to that account.
// Nobody gets an account by signing in with a provider; accounts come from sign-up or invitation.
func (s *Service) userForIdentity(ctx context.Context, id oidc.Identity) (User, error) {
	var u User
	err := s.Store.DB.InTx(ctx, func(tx *database.Tx) error {
		var userID int64
		linked, err := database.Found(tx.Get(ctx, &userID,
			`SELECT user_id FROM user_identities WHERE provider = ? AND subject = ?`, id.Provider, id.Subject))
		if err != nil {
			return err
		}
		if linked {
			u, err = findUser(ctx, tx, userID)
			return err
		}
		if !id.EmailVerified || id.Email == "" {
			return oauthNoVerifiedEmail
		}
		u, err = findUserByEmail(ctx, tx, strings.ToLower(id.Email))
		if apperror.KindOf(err) == apperror.KindNotFound {
			return oauthNoAccount
		}
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO user_identities (user_id, provider, subject, email, created_at) VALUES (?, ?, ?, ?, ?)`,
			u.ID, id.Provider, id.Subject, id.Email, tx.Now)
		return err
	})
	return u, err
}
