package push

import (
	"context"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"net/url"
	"strings"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// Subscription is a browser's push subscription as PushSubscription.toJSON() gives it.
type Subscription struct {
	Endpoint string `json:"endpoint" minLength:"1" maxLength:"2000"`
	Keys     struct {
		P256dh string `json:"p256dh" minLength:"1" maxLength:"200"`
		Auth   string `json:"auth" minLength:"1" maxLength:"100"`
	} `json:"keys"`
}

// valid checks the endpoint is an https address (or, with localHTTP, http on the loopback: a
// journey's local push service) and the keys decode to a P-256 point and a 16-byte secret.
func (s Subscription) valid(localHTTP bool) error {
	u, err := url.Parse(s.Endpoint)
	local := localHTTP && u != nil && u.Scheme == "http" && (u.Hostname() == "127.0.0.1" || u.Hostname() == "localhost")
	if err != nil || u.Host == "" || (u.Scheme != "https" && !local) {
		return apperror.Field("endpoint", MsgBadSubscription)
	}
	dh, err1 := decodeKey(s.Keys.P256dh)
	secret, err2 := decodeKey(s.Keys.Auth)
	if err1 != nil || err2 != nil || len(dh) != 65 || dh[0] != 4 || len(secret) != 16 {
		return apperror.Field("keys", MsgBadSubscription)
	}
	return nil
}

// decodeKey reads a browser key, base64url with or without padding.
func decodeKey(k string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(k, "="))
}

// Store keeps the subscriptions and their switches.
type Store struct {
	DB *database.DB
	// LocalHTTP accepts http endpoints on the loopback (outside production only), for a local
	// push service; every other endpoint must be https.
	LocalHTTP bool
}

// subscriptionRow is a stored subscription.
type subscriptionRow struct {
	ID       int64  `db:"id"`
	UserID   int64  `db:"user_id"`
	Endpoint string `db:"endpoint"`
	P256dh   string `db:"p256dh"`
	Auth     string `db:"auth"`
}

// Subscribe stores s for user and returns its id. A device subscribes with the same endpoint
// again (a reload, new keys): its row is kept with its switches. An endpoint another user
// subscribed becomes this user's (another account signed in on the browser), with its switches
// back to on, only when the keys are the ones stored: the browser holding the subscription
// knows its auth secret, someone who learnt the endpoint does not, and is refused as for a
// subscription that is not valid.
func (st *Store) Subscribe(ctx context.Context, user int64, s Subscription) (int64, error) {
	if err := s.valid(st.LocalHTTP); err != nil {
		return 0, err
	}
	var id int64
	err := st.DB.InTx(ctx, func(tx *database.Tx) error {
		var rows []subscriptionRow
		if err := tx.Select(ctx, &rows, `SELECT id, user_id, endpoint, p256dh, auth FROM push_subscriptions
			WHERE endpoint = ?`, s.Endpoint); err != nil {
			return err
		}
		if len(rows) == 1 && rows[0].UserID == user {
			id = rows[0].ID
			_, err := tx.Exec(ctx, `UPDATE push_subscriptions SET p256dh = ?, auth = ? WHERE id = ?`,
				s.Keys.P256dh, s.Keys.Auth, id)
			return err
		}
		if len(rows) == 1 {
			if subtle.ConstantTimeCompare([]byte(rows[0].Auth), []byte(s.Keys.Auth)) != 1 || rows[0].P256dh != s.Keys.P256dh {
				return apperror.Field("keys", MsgBadSubscription)
			}
			if _, err := tx.Exec(ctx, `DELETE FROM push_subscriptions WHERE id = ?`, rows[0].ID); err != nil {
				return err
			}
		}
		return tx.Get(ctx, &id, `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
			VALUES (?, ?, ?, ?, ?) RETURNING id`, user, s.Endpoint, s.Keys.P256dh, s.Keys.Auth, tx.Now.UTC())
	})
	if err != nil {
		return 0, fmt.Errorf("store push subscription: %w", err)
	}
	return id, nil
}

// Owned is the id of user's subscription with endpoint; 404 when user has none there, so
// another user's endpoint confirms nothing.
func (st *Store) Owned(ctx context.Context, user int64, endpoint string) (int64, error) {
	var ids []int64
	if err := st.DB.Select(ctx, &ids, `SELECT id FROM push_subscriptions WHERE endpoint = ? AND user_id = ?`,
		endpoint, user); err != nil {
		return 0, err
	}
	if len(ids) == 0 {
		return 0, apperror.New(apperror.KindNotFound, apperror.CodeNotFound, MsgNoSubscription)
	}
	return ids[0], nil
}

// Unsubscribe removes user's subscription with endpoint (404 when they have none there).
func (st *Store) Unsubscribe(ctx context.Context, user int64, endpoint string) error {
	id, err := st.Owned(ctx, user, endpoint)
	if err != nil {
		return err
	}
	return st.DB.InTx(ctx, func(tx *database.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM push_subscriptions WHERE id = ?`, id)
		return err
	})
}

// Switches are a subscription's stored choices, identifier → on; a type missing is on.
func (st *Store) Switches(ctx context.Context, id int64) (map[string]bool, error) {
	var rows []struct {
		Identifier string `db:"identifier"`
		Enabled    bool   `db:"enabled"`
	}
	if err := st.DB.Select(ctx, &rows, `SELECT identifier, enabled FROM push_subscription_types
		WHERE subscription_id = ?`, id); err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(rows))
	for _, r := range rows {
		out[r.Identifier] = r.Enabled
	}
	return out, nil
}

// SetSwitches stores choices (identifier → on) for subscription id.
func (st *Store) SetSwitches(ctx context.Context, id int64, choices map[string]bool) error {
	return st.DB.InTx(ctx, func(tx *database.Tx) error {
		for identifier, on := range choices {
			if _, err := tx.Exec(ctx, `INSERT INTO push_subscription_types (subscription_id, identifier, enabled)
				VALUES (?, ?, ?) ON CONFLICT (subscription_id, identifier) DO UPDATE SET enabled = excluded.enabled`,
				id, identifier, on); err != nil {
				return err
			}
		}
		return nil
	})
}
