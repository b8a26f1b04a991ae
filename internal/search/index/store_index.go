// Package index keeps the search index: a read model of the records global search finds
// (users, bookings, job templates, departments, entities, legal entities). Each record is a
// document: its words (search_terms: folded words with a weight, and exact keys), each row
// carrying the record's scope; every word of letters only, four or more, has its deletion
// variants in search_variants for the one-typo rule.
//
// Features keep it in step inside their write transactions with one call, Refresh(ctx, tx,
// source, id), which recomputes that record's document from its tables. Rebuild recomputes
// all of it. It imports platform packages only, so every feature may import it.
package index

import (
	"context"
	"fmt"

	"github.com/hive/hive/internal/platform/database"
)

// Source is the kind of an indexed record, the search result's hiveSource.
type Source = string

// The indexed sources.
const (
	User        Source = "user"
	Booking     Source = "booking"
	LegalEntity Source = "legal_entity"
	Entity      Source = "entity"
	Department  Source = "department"
	Job         Source = "job"
)

// Sources lists every source, in the order results of equal rank are listed.
var Sources = []Source{User, Booking, LegalEntity, Entity, Department, Job}

// Version is the version of the documents' shape; EnsureBuilt rebuilds an index built by an
// older one (or never built: a database that held records before migration 00021).
const Version = 1

// Refresh recomputes the document of one record in tx: called by every write that changes
// the record's indexed text or scope. A record that no longer exists (or is not indexed, such
// as a system account) loses its document.
func Refresh(ctx context.Context, tx *database.Tx, source Source, id int64) error {
	return RefreshAll(ctx, tx, source, []int64{id})
}

// RefreshAll is Refresh for several records of one source, set-based.
func RefreshAll(ctx context.Context, tx *database.Tx, source Source, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	for start := 0; start < len(ids); start += batch {
		part := ids[start:min(start+batch, len(ids))]
		if err := forget(ctx, tx, source, part); err != nil {
			return err
		}
		docs, err := read(ctx, tx, source, part)
		if err != nil {
			return err
		}
		if err := write(ctx, tx, docs); err != nil {
			return err
		}
	}
	return nil
}

// TagHolders returns the users holding tag id: a tag's rename or deletion changes their job
// titles, so its write refreshes them (RefreshAll(ctx, tx, User, holders)).
func TagHolders(ctx context.Context, tx *database.Tx, tagID int64) ([]int64, error) {
	var ids []int64
	err := tx.Select(ctx, &ids, `SELECT user_id FROM user_tags WHERE tag_id = ? ORDER BY user_id`, tagID)
	return ids, err
}

// RefreshTag refreshes the users holding tag id (after its rename).
func RefreshTag(ctx context.Context, tx *database.Tx, tagID int64) error {
	ids, err := TagHolders(ctx, tx, tagID)
	if err != nil {
		return err
	}
	return RefreshAll(ctx, tx, User, ids)
}

// Rebuild empties the index and recomputes every document, in one transaction.
func Rebuild(ctx context.Context, db *database.DB) error {
	return db.InTx(ctx, func(tx *database.Tx) error { return RebuildIn(ctx, tx) })
}

// RebuildIn is Rebuild inside a transaction the caller holds.
func RebuildIn(ctx context.Context, tx *database.Tx) error {
	for _, table := range []string{"search_terms", "search_variants"} {
		if _, err := tx.Exec(ctx, `DELETE FROM `+table); err != nil {
			return fmt.Errorf("empty %s: %w", table, err)
		}
	}
	for _, source := range Sources {
		docs, err := read(ctx, tx, source, nil)
		if err != nil {
			return err
		}
		for start := 0; start < len(docs); start += batch {
			if err := write(ctx, tx, docs[start:min(start+batch, len(docs))]); err != nil {
				return err
			}
		}
	}
	return database.MarkBuiltBy(ctx, tx, "search_state", Version)
}

// EnsureBuilt rebuilds the index when it was built by another Version or never (a database
// that held records before the index existed). Hive calls it at start.
func EnsureBuilt(ctx context.Context, db *database.DB) error {
	return database.EnsureBuiltBy(ctx, db, "search index", "search_state", Version, Rebuild)
}

// batch bounds the records of one statement (PostgreSQL takes at most 65,535 arguments).
const batch = 400

func forget(ctx context.Context, tx *database.Tx, source Source, ids []int64) error {
	marks, args := database.In(ids)
	args = append(args, source)
	// By search_terms_record (record_id, source): (source || '') keeps the planner off the
	// primary key's (source, ...) range, every word of the source.
	if _, err := tx.Exec(ctx, `DELETE FROM search_terms WHERE record_id IN (`+marks+`) AND (source || '') = ?`, args...); err != nil {
		return fmt.Errorf("forget search terms: %w", err)
	}
	return nil
}
