package links

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"strings"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/database"
)

// The reads and writes every kind of link shares, parameterised by a kind; each kind's file
// (store_department.go, store_entity.go, store_legal.go) holds only what is its own.

// sorts builds a sort table from ascending keys: each name also gets -name, every ORDER BY
// term turned DESC, so the two directions cannot drift apart. "id" is always there.
func sorts(asc map[string]sortKey) map[string]sortKey {
	out := map[string]sortKey{"id": {order: "r.id"}, "-id": {order: "r.id DESC"}}
	for name, k := range asc {
		out[name] = k
		k.order, k.parentOrder = descending(k.order), descending(k.parentOrder)
		out["-"+name] = k
	}
	return out
}

// descending turns every top-level term of an ORDER BY list DESC.
func descending(order string) string {
	if order == "" {
		return ""
	}
	var terms []string
	depth, start := 0, 0
	for i, c := range order {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				terms, start = append(terms, strings.TrimSpace(order[start:i])+" DESC"), i+1
			}
		}
	}
	return strings.Join(append(terms, strings.TrimSpace(order[start:])+" DESC"), ", ")
}

// byParent is an ascending sort led by a parent record: the parent's order, then tie, joining
// the parent as alias on col (see sortKey).
func byParent(table, alias, col, parentOrder, tie string) sortKey {
	join := " JOIN " + table + " " + alias + " ON " + alias + ".id = "
	return grouped(sortKey{order: parentOrder + ", " + tie, join: join + col}, col, join+"g.gid", parentOrder)
}

// userSorts are the sorts led by the linked user (by name, by e-mail address) of a user link
// whose other end is the column other.
func userSorts(other string) map[string]sortKey {
	return map[string]sortKey{
		"user":  byParent("users", "u", "r.user_id", "LOWER(u.last_name), LOWER(u.first_name), u.id", other),
		"email": byParent("users", "u", "r.user_id", "u.email_lc, u.id", "r.id"),
	}
}

// end is one end of a link: the table its id names, and the body field and message that
// refuse an id naming nothing there.
type end struct{ table, field, missing string }

var (
	userEnd       = end{"users", "userId", MsgUserUnknown}
	departmentEnd = end{"departments", "departmentId", MsgDepartmentUnknown}
	entityEnd     = end{"entities", "entityId", MsgEntityUnknown}
	legalEnd      = end{"legal_entities", "legalEntityId", MsgLegalUnknown}
)

// kind is what the store must know of one kind of link; the reads and writes below are the
// same for all three.
type kind struct {
	table     string // the link table, aliased r in read
	what      string // the kind in error wrapping ("user-department link")
	read      string // SELECT of a link with the names its grid shows
	sorts     map[string]sortKey
	ends      [2]end // the two linked records, in the order of the table's two id columns
	cols      string // the columns an insert sets, those ends' ids first
	duplicate string // the 409 message when the two are already linked
	// A user link's: the column of its other end and its three rights, in the order of the
	// kind's flags type (DepartmentFlags, EntityFlags).
	other string
	flags [3]string
}

// userKind describes the link of a user to a record (a department, an entity) with three
// rights: its table user_<record>_refs, its columns, and its sorts by user, by e-mail and
// sortBy.
func userKind(record string, recordEnd end, flags [3]string, duplicate string, sortBy map[string]sortKey, read string) kind {
	other := "r." + record + "_id"
	asc := userSorts(other)
	maps.Copy(asc, sortBy)
	return kind{table: "user_" + record + "_refs", what: "user-" + record + " link", read: read, sorts: sorts(asc),
		ends: [2]end{userEnd, recordEnd}, cols: "user_id, " + record + "_id, " + strings.Join(flags[:], ", "),
		duplicate: duplicate, other: other, flags: flags}
}

// setFlags is the SET list of a user link's rights ("can_hire = ?, ..."), in the order of flags.
func (k kind) setFlags() string {
	return strings.Join(k.flags[:], " = ?, ") + " = ?"
}

// userLinkConds selects the user links of kind k within sc (their other end's, and the
// caller's own) that f selects.
func userLinkConds(k kind, sc Scope, f UserLinkFilter) conds {
	var c conds
	c.scope(k.other, "r.user_id", sc)
	c.In(k.other, f.RecordIDs)
	c.In("r.user_id", f.UserIDs)
	for i, col := range k.flags {
		c.flag("r."+col, f.Rights[i])
	}
	return c
}

func findRef[T any](ctx context.Context, q database.Reader, k kind, id int64) (T, error) {
	var r T
	err := q.Get(ctx, &r, k.read+` WHERE r.id = ?`, id)
	return r, database.NotFound(err, "Link")
}

// listRefs returns one page of the links matching c, in the order of p, and the total.
func listRefs[T any](ctx context.Context, db *database.DB, k kind, c conds, p Page, id func(T) int64) ([]T, int, error) {
	ids, total, err := pageIDs(ctx, db, k.table, c, k.sorts, p.Sort, p)
	if err != nil || len(ids) == 0 {
		return []T{}, total, err
	}
	var rows []T
	if err := db.Select(ctx, &rows, k.read+` WHERE r.id IN (`+database.Marks(len(ids))+`)`,
		database.IDArgs(ids)...); err != nil {
		return nil, 0, fmt.Errorf("%ss: %w", k.what, err)
	}
	return inOrder(ids, rows, id), total, nil
}

// insertRef links the records a and b (each must exist: else a 422 on its field), with the
// further values of k.cols, and returns the new link's id.
func insertRef(ctx context.Context, tx *database.Tx, k kind, a, b int64, values ...any) (int64, error) {
	for i, id := range []int64{a, b} {
		if err := mustExist(ctx, tx, k.ends[i].table, id, k.ends[i].field, k.ends[i].missing); err != nil {
			return 0, err
		}
	}
	args := append(append([]any{a, b}, values...), tx.Now, tx.Now)
	var id int64
	err := tx.Get(ctx, &id, `INSERT INTO `+k.table+` (`+k.cols+`, created_at, updated_at, version) VALUES (`+
		database.Marks(len(args))+`, 1) RETURNING id`, args...)
	if errors.Is(err, database.ErrUniqueViolation) {
		return 0, apperror.Conflict(k.duplicate)
	}
	if err != nil {
		return 0, fmt.Errorf("insert %s: %w", k.what, err)
	}
	return id, nil
}

// updateRef sets the columns of set ("a = ?, b = ?") to values on link id when version is
// still current: else it is gone (404) or stale (409).
func updateRef(ctx context.Context, tx *database.Tx, k kind, id int64, version int, set string, values ...any) error {
	n, err := tx.Exec(ctx, `UPDATE `+k.table+` SET `+set+`, updated_at = ?, version = version + 1 WHERE id = ? AND version = ?`,
		append(values, tx.Now, id, version)...)
	if errors.Is(err, database.ErrUniqueViolation) {
		return apperror.Conflict(k.duplicate)
	}
	if err != nil {
		return fmt.Errorf("update %s: %w", k.what, err)
	}
	if n == 0 {
		return staleOrGone(ctx, tx, k.table, id, "Link")
	}
	return nil
}

// deleteRef removes link id (rows hanging off it go with it by the schema's cascade).
func deleteRef(ctx context.Context, tx *database.Tx, k kind, id int64) error {
	n, err := tx.Exec(ctx, `DELETE FROM `+k.table+` WHERE id = ?`, id)
	if err != nil {
		return fmt.Errorf("delete %s: %w", k.what, err)
	}
	if n == 0 {
		return apperror.NotFound("Link")
	}
	return nil
}

// writeRef runs change (which returns the link it wrote) in a transaction, reads the link
// again with find inside it and hands it to after (the history, where a kind keeps one).
func writeRef[T any](ctx context.Context, db *database.DB, find func(context.Context, database.Reader, int64) (T, error),
	change func(*database.Tx) (int64, error), after ...func(*database.Tx, T) error) (T, error) {
	var r T
	err := db.InTx(ctx, func(tx *database.Tx) error {
		id, err := change(tx)
		if err != nil {
			return err
		}
		if r, err = find(ctx, tx, id); err != nil {
			return err
		}
		for _, f := range after {
			if err := f(tx, r); err != nil {
				return err
			}
		}
		return nil
	})
	return r, err
}
