package accounts

import (
	"context"
	"fmt"
	"time"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// claimLoginAttempt counts an attempt on emailLC as a failure before the password is checked
// (a success clears it with loginSucceeded), and refuses with 503 S-503 while the address waits
// out its delay. Counting first makes the claim atomic: of many parallel attempts on a waiting
// address at most one is checked.
func claimLoginAttempt(ctx context.Context, tx *database.Tx, emailLC string) error {
	var n int
	counted, err := database.Found(tx.Get(ctx, &n, `UPDATE login_failures
		SET failures = CASE WHEN updated_at < ? THEN 1 ELSE failures + 1 END, updated_at = ?
		WHERE email_lc = ? AND locked_until <= ? RETURNING failures`,
		tx.Now.Add(-LoginFailureMemory), tx.Now, emailLC, tx.Now))
	if err == nil && !counted {
		var inserted int
		inserted, err = insertFirstFailure(ctx, tx, emailLC)
		if err == nil && inserted == 0 {
			return loginLocked(ctx, tx, emailLC)
		}
		n = 1
	}
	if err != nil {
		return fmt.Errorf("count login attempt: %w", err)
	}
	if d := loginDelay(n); d > 0 {
		_, err = tx.Exec(ctx, `UPDATE login_failures SET locked_until = ? WHERE email_lc = ?`, tx.Now.Add(d), emailLC)
	}
	return err
}

// insertFirstFailure starts the count of an address; 0 rows means it exists and is waiting.
func insertFirstFailure(ctx context.Context, tx *database.Tx, emailLC string) (int, error) {
	n, err := tx.Exec(ctx, `INSERT INTO login_failures (email_lc, failures, locked_until, updated_at)
		VALUES (?, 1, ?, ?) ON CONFLICT (email_lc) DO NOTHING`, emailLC, tx.Now, tx.Now)
	return int(n), err
}

// loginLocked is the refusal for an address still waiting out its delay.
func loginLocked(ctx context.Context, tx *database.Tx, emailLC string) error {
	var until time.Time
	if err := tx.Get(ctx, &until, `SELECT locked_until FROM login_failures WHERE email_lc = ?`, emailLC); err != nil {
		return fmt.Errorf("read login lock: %w", err)
	}
	return &apperror.Error{Kind: apperror.KindTooMany, Code: apperror.CodeTooManyRequests, RetryAfter: int(until.Sub(tx.Now).Seconds()) + 1,
		Message: "Too many failed sign-ins with this address. Wait a moment, then try again."}
}

// loginSucceeded clears the failure count of emailLC.
func loginSucceeded(ctx context.Context, tx *database.Tx, emailLC string) error {
	_, err := tx.Exec(ctx, `DELETE FROM login_failures WHERE email_lc = ?`, emailLC)
	return err
}

// purgeLoginFailures forgets counts untouched for a day.
func purgeLoginFailures(ctx context.Context, tx *database.Tx) error {
	_, err := tx.Exec(ctx, `DELETE FROM login_failures WHERE updated_at < ? AND locked_until < ?`,
		tx.Now.Add(-LoginFailureMemory), tx.Now)
	return err
}
