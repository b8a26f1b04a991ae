package push

import (
	"context"
	"errors"
	"fmt"

	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/acknowledge"
	"github.com/hive/hive/internal/notifications"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// answer applies one answer to instruction as p, through the same service as the app's
// buttons, so every rule of the buttons holds.
type answer func(ctx context.Context, db *database.DB, p *auth.Principal, instruction int64) error

// supplierStatus answers an offer as its freelancer, through PATCH /instruction/status's
// service.
func supplierStatus(status string) answer {
	return func(ctx context.Context, db *database.DB, p *auth.Principal, instruction int64) error {
		_, err := (&bookings.Store{DB: db}).SetStatuses(ctx, p, []bookings.StatusChange{{ID: instruction, SupplierStatus: status}})
		return err
	}
}

// acknowledgeChange acknowledges a change to instruction as its freelancer, through
// POST /instruction/acknowledge's service.
func acknowledgeChange(ctx context.Context, db *database.DB, p *auth.Principal, instruction int64) error {
	_, err := (&acknowledge.Store{DB: db}).Acknowledge(ctx, p, []int64{instruction})
	return err
}

// answers are the answers a pushed notification may carry, with their buttons' titles.
var answers = map[string]answer{
	notifications.ActionAccept:      supplierStatus("accepted"),
	notifications.ActionDecline:     supplierStatus("rejected"),
	notifications.ActionAcknowledge: acknowledgeChange,
}

var actionTitles = map[string]string{
	notifications.ActionAccept:      "Accept",
	notifications.ActionDecline:     "Decline",
	notifications.ActionAcknowledge: "Acknowledge",
}

// offered reports whether a push may offer action: it has a title and an answer.
func offered(action string) bool {
	_, titled := actionTitles[action]
	_, answered := answers[action]
	return titled && answered
}

// answeredMessages are what a notification's button says when it worked.
var answeredMessages = map[string]string{
	notifications.ActionAccept:      "Offer accepted.",
	notifications.ActionDecline:     "Offer declined.",
	notifications.ActionAcknowledge: "Change acknowledged.",
}

// Answer applies the answer token carries: once, before it expires, as the user it was signed
// for, and with the rules of the app's buttons (a withdrawn offer is refused with their
// reason). A token is spent by the attempt that first claims it; one whose answer fails for a
// reason other than the rules (the database) is given back.
func (st *Store) Answer(ctx context.Context, tokens Tokens, token string) (string, error) {
	db := st.DB
	now := db.Now()
	c, ok := tokens.Verify(token, now)
	apply, known := answers[c.Action]
	if !ok || !known {
		return "", apperror.Field("token", MsgBadAction)
	}
	p, err := principalOf(ctx, db, c.UserID)
	if err != nil {
		return "", err
	}
	if err := spend(ctx, db, c); err != nil {
		return "", err
	}
	// The answer is the token's user's: its audit row and its event name them, as the button's
	// would (the request itself has no session).
	ctx = auth.WithPrincipal(ctx, p)
	if err := apply(ctx, db, p, c.Instruction); err != nil {
		if apperror.As(err) == nil {
			_ = unspend(context.WithoutCancel(ctx), db, c)
		}
		return "", err
	}
	return answeredMessages[c.Action], nil
}

// principalOf is the token's user as the answer's actor: only who they are, no manager's
// rights, so the answer is the freelancer's own. An account gone or not active answers nothing.
func principalOf(ctx context.Context, db *database.DB, user int64) (*auth.Principal, error) {
	var rows []struct {
		ID           int64  `db:"id"`
		Email        string `db:"email"`
		FirstName    string `db:"first_name"`
		LastName     string `db:"last_name"`
		IsFreelancer bool   `db:"is_freelancer"`
	}
	if err := db.Select(ctx, &rows, `SELECT id, email, first_name, last_name, is_freelancer FROM users
		WHERE id = ? AND account_status = 'active'`, user); err != nil {
		return nil, fmt.Errorf("read answering user: %w", err)
	}
	if len(rows) == 0 {
		return nil, apperror.Field("token", MsgBadAction)
	}
	r := rows[0]
	return &auth.Principal{UserID: r.ID, Email: r.Email, FirstName: r.FirstName, LastName: r.LastName,
		IsFreelancer: r.IsFreelancer}, nil
}

// spend records c as used; a token used before is refused. Spent tokens are kept until they
// expire (PurgeExpired forgets them after).
func spend(ctx context.Context, db *database.DB, c Claim) error {
	err := db.InTx(ctx, func(tx *database.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO push_action_uses (token_id, used_at, expires_at) VALUES (?, ?, ?)`,
			c.ID, tx.Now.UTC(), c.Expires.UTC())
		return err
	})
	if errors.Is(err, database.ErrUniqueViolation) {
		return apperror.Field("token", MsgBadAction)
	}
	return err
}

func unspend(ctx context.Context, db *database.DB, c Claim) error {
	return db.InTx(ctx, func(tx *database.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM push_action_uses WHERE token_id = ?`, c.ID)
		return err
	})
}
