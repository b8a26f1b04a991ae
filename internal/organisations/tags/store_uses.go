package tags

import (
	"context"
	"fmt"

	"github.com/hive/hive/internal/platform/database"
)

// Uses is a table that puts tags on records of another kind (department_tags on departments,
// user_entity_ref_tags on user-entity links). The rule for which tags a record may carry, global
// ones or its entity's, of one category or any, is written here once for all of them.
type Uses struct {
	Table    string       // the table, with a tag_id column
	Record   string       // its column naming the record
	Category string       // the category the tags must be of; "" for any
	Refusal  func() error // the answer to a tag the record may not carry
	What     string       // what an insert failure is wrapped as ("tag department")
}

// Replace sets the tags of record id to tagIDs (each once): every one must be a global tag or a
// tag of entityID, and of u.Category when set; else u.Refusal() and nothing changes.
func (u Uses) Replace(ctx context.Context, tx *database.Tx, id, entityID int64, tagIDs []int64) error {
	ids := distinct(tagIDs)
	if len(ids) > 0 {
		args := database.IDArgs(ids)
		where := `id IN (` + database.Marks(len(ids)) + `)`
		if u.Category != "" {
			where, args = where+` AND category = ?`, append(args, u.Category)
		}
		var n int
		if err := tx.Get(ctx, &n, `SELECT COUNT(*) FROM tags WHERE `+where+` AND (entity_id IS NULL OR entity_id = ?)`,
			append(args, entityID)...); err != nil {
			return err
		}
		if n != len(ids) {
			return u.Refusal()
		}
	}
	if _, err := tx.Exec(ctx, `DELETE FROM `+u.Table+` WHERE `+u.Record+` = ?`, id); err != nil {
		return err
	}
	for _, t := range ids {
		if _, err := tx.Exec(ctx, `INSERT INTO `+u.Table+` (`+u.Record+`, tag_id) VALUES (?, ?)`, id, t); err != nil {
			return fmt.Errorf("%s: %w", u.What, err)
		}
	}
	return nil
}

// distinct returns ids without repeats, in their first order.
func distinct(ids []int64) []int64 {
	seen := map[int64]bool{}
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
