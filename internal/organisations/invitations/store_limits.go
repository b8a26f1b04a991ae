package invitations

import (
	"context"
	"fmt"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/ratelimit"
)

// readRow reads invitation id as stored, for the permission checks; 404 when there is none.
func (s *Store) readRow(ctx context.Context, id int64) (row, error) { return findRow(ctx, s.DB, id) }

// CountInvite counts one invitation against the sender's and the entity's limits, in its own
// transaction so that refused attempts count too.
func (s *Store) CountInvite(ctx context.Context, senderID, entityID int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		if err := ratelimit.Hit(ctx, tx, fmt.Sprintf("invite:sender:%d", senderID), InvitesPerSender); err != nil {
			return err
		}
		return ratelimit.Hit(ctx, tx, fmt.Sprintf("invite:entity:%d", entityID), InvitesPerEntity)
	})
}

// CountTokenLookup counts one look-up of an invitation token from a client address, in its own
// transaction so that failed look-ups count too.
func (s *Store) CountTokenLookup(ctx context.Context, addr string) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		return ratelimit.Hit(ctx, tx, "invitation-token:addr:"+addr, TokenLookupPerAddress)
	})
}
