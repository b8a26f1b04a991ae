package accounts

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// The storage of the e-mail change (emailchange.go).

// issueEmailChangeToken issues an email_change token for userID carrying newEmail; as with
// every purpose, an earlier unused link of the user stops working.
func issueEmailChangeToken(ctx context.Context, tx *database.Tx, userID int64, newEmail string) (string, error) {
	token, err := issueToken(ctx, tx, userID, PurposeEmailChange, EmailChangeTTL)
	if err != nil {
		return "", err
	}
	if _, err := tx.Exec(ctx, `UPDATE account_tokens SET new_email = ? WHERE token_hash = ?`,
		newEmail, auth.TokenHash(token)); err != nil {
		return "", fmt.Errorf("store new email: %w", err)
	}
	return token, nil
}

// tokenNewEmail reads the address an email_change token (already consumed in tx) stands for.
func tokenNewEmail(ctx context.Context, tx *database.Tx, token string) (string, error) {
	var email string
	err := tx.Get(ctx, &email, `SELECT new_email FROM account_tokens WHERE token_hash = ? AND purpose = ?`,
		auth.TokenHash(token), PurposeEmailChange)
	return email, err
}

// setEmail gives userID its confirmed new address; an address another account took meanwhile
// is a 409. An account that was asked to change its address is active again.
func setEmail(ctx context.Context, tx *database.Tx, userID int64, email string) error {
	_, err := tx.Exec(ctx, `UPDATE users SET email = ?, email_lc = ?,
		account_status = CASE WHEN account_status = 'require_email_change' THEN 'active' ELSE account_status END,
		updated_at = ?, version = version + 1 WHERE id = ?`, email, strings.ToLower(email), tx.Now, userID)
	if errors.Is(err, database.ErrUniqueViolation) {
		return apperror.Conflict(MsgEmailTaken)
	}
	if err != nil {
		return fmt.Errorf("set email: %w", err)
	}
	return recordUserUpdate(ctx, tx, userID)
}
