package index

import (
	"context"
	"fmt"
	"strings"

	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/platform/database"
)

// A document is what the index holds of one record: its scope keys and its weighted terms.
// Only searchable text and scope are indexed; a card's other details (the names of linked
// records) are read when results are shown, so renaming an entity rewrites one document.
type document struct {
	Source Source
	ID     int64 `db:"id"`
	// ScopeID is the department of a booking, job or department, and the entity itself for an
	// entity: what a searcher's visible departments or entities are compared with.
	ScopeID      *int64 `db:"scope_id"`
	IsFreelancer bool   `db:"is_freelancer"`
	Status       string `db:"status"` // a user's account status
	terms        map[string]int
}

// The weights of a word by the field it comes from: names and titles first.
const (
	weightName  = 3
	weightTitle = 2
	weightOther = 1
	// WeightKey is an exact key's weight: a whole e-mail address, booking reference, company
	// number or legacy job id typed in full outranks any match of words.
	WeightKey = 100
)

// field is one searchable text of a source: its weight, and whether the whole text is also an
// exact key.
type field struct {
	weight int
	key    bool
}

// shape is how a source's documents are read: the query (columns id, scope_id,
// is_freelancer, status, a...e; a WHERE on the record's id is appended) and its fields a...e.
type shape struct {
	query  string
	idCol  string
	fields []field
}

const noScope = `CAST(NULL AS BIGINT) AS scope_id, FALSE AS is_freelancer, '' AS status`

var shapes = map[Source]shape{
	User: {`SELECT u.id, CAST(NULL AS BIGINT) AS scope_id, u.is_freelancer, u.account_status AS status, u.first_name AS a, u.last_name AS b, u.email AS c, '' AS d, '' AS e
		FROM users u`, "u.id", []field{{weightName, false}, {weightName, false}, {weightOther, true}}},
	Booking: {reads.SearchDocumentQuery, "b.id",
		[]field{{weightName, false}, {weightName, true}}},
	Job: {`SELECT j.id, j.department_id AS scope_id, FALSE AS is_freelancer, '' AS status,
		j.title AS a, j.legacy_job_id AS b, j.agent AS c, j.division_team AS d, j.job_function AS e
		FROM job_templates j`, "j.id",
		[]field{{weightName, false}, {weightTitle, true}, {weightOther, false}, {weightOther, false}, {weightOther, false}}},
	Department: {`SELECT d.id, d.id AS scope_id, FALSE AS is_freelancer, '' AS status,
		d.name AS a, '' AS b, '' AS c, '' AS d, '' AS e FROM departments d`, "d.id", []field{{weightName, false}}},
	Entity: {`SELECT e.id, e.id AS scope_id, FALSE AS is_freelancer, '' AS status, e.name AS a, '' AS b, '' AS c, '' AS d, '' AS e FROM entities e`, "e.id",
		[]field{{weightName, false}}},
	LegalEntity: {`SELECT l.id, ` + noScope + `, l.company_name AS a, l.trading_name AS b, l.company_number AS c,
		'' AS d, '' AS e FROM legal_entities l`, "l.id",
		[]field{{weightName, false}, {weightName, false}, {weightTitle, true}}},
}

type row struct {
	document
	A string `db:"a"`
	B string `db:"b"`
	C string `db:"c"`
	D string `db:"d"`
	E string `db:"e"`
}

// read returns the documents of source's records ids (every record when ids is nil).
func read(ctx context.Context, r database.Reader, source Source, ids []int64) ([]*document, error) {
	sh, ok := shapes[source]
	if !ok {
		return nil, fmt.Errorf("search index: unknown source %q", source)
	}
	q, args := sh.query, []any(nil)
	if ids != nil {
		var marks string
		marks, args = database.In(ids)
		q += ` WHERE ` + sh.idCol + ` IN (` + marks + `)`
	}
	var rows []row
	if err := r.Select(ctx, &rows, q+` ORDER BY `+sh.idCol, args...); err != nil {
		return nil, fmt.Errorf("read %s documents: %w", source, err)
	}
	docs := make([]*document, len(rows))
	byID := make(map[int64]*document, len(rows))
	for i := range rows {
		d := &rows[i].document
		d.Source, d.terms = source, map[string]int{}
		for j, text := range []string{rows[i].A, rows[i].B, rows[i].C, rows[i].D, rows[i].E}[:len(sh.fields)] {
			d.add(text, sh.fields[j])
		}
		docs[i], byID[d.ID] = d, d
	}
	if source == User {
		if err := addJobTitles(ctx, r, byID, ids); err != nil {
			return nil, err
		}
	}
	return docs, nil
}

// addJobTitles adds the users' job title tags (tags of category job_title).
func addJobTitles(ctx context.Context, r database.Reader, users map[int64]*document, ids []int64) error {
	q, args := `SELECT ut.user_id, t.name FROM user_tags ut JOIN tags t ON t.id = ut.tag_id WHERE t.category = 'job_title'`, []any(nil)
	if ids != nil {
		var marks string
		marks, args = database.In(ids)
		q += ` AND ut.user_id IN (` + marks + `)`
	}
	var titles []struct {
		UserID int64  `db:"user_id"`
		Name   string `db:"name"`
	}
	if err := r.Select(ctx, &titles, q, args...); err != nil {
		return fmt.Errorf("read job titles: %w", err)
	}
	for _, t := range titles {
		if d := users[t.UserID]; d != nil {
			d.add(t.Name, field{weight: weightTitle})
		}
	}
	return nil
}

func (d *document) add(text string, f field) {
	for _, w := range Words(text) {
		d.terms[w] = max(d.terms[w], f.weight)
	}
	if f.key {
		if k := Key(text); k != "" {
			d.terms[k] = WeightKey
		}
	}
}

// write inserts the terms of docs, each with its record's scope, and the terms' deletion
// variants.
func write(ctx context.Context, tx *database.Tx, docs []*document) error {
	var args []any
	n := 0
	variants := map[string]map[string]bool{}
	for _, d := range docs {
		for term, weight := range d.terms {
			args = append(args, d.Source, term, d.ID, weight, d.ScopeID, d.IsFreelancer, d.Status)
			n++
			if n == batch {
				if err := insertTerms(ctx, tx, n, args); err != nil {
					return err
				}
				args, n = args[:0], 0
			}
			if Typoable(term) {
				for _, v := range Deletes(term) {
					if variants[v] == nil {
						variants[v] = map[string]bool{}
					}
					variants[v][term] = true
				}
			}
		}
	}
	if err := insertTerms(ctx, tx, n, args); err != nil {
		return err
	}
	return insertVariants(ctx, tx, variants)
}

func insertTerms(ctx context.Context, tx *database.Tx, n int, args []any) error {
	if n == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, `INSERT INTO search_terms (source, term, record_id, weight, scope_id, is_freelancer, status)
		VALUES `+values(n, 7), args...); err != nil {
		return fmt.Errorf("write search terms: %w", err)
	}
	return nil
}

func insertVariants(ctx context.Context, tx *database.Tx, variants map[string]map[string]bool) error {
	var args []any
	n := 0
	flush := func() error {
		if n == 0 {
			return nil
		}
		_, err := tx.Exec(ctx, `INSERT INTO search_variants (variant, term) VALUES `+values(n, 2)+` ON CONFLICT DO NOTHING`, args...)
		args, n = args[:0], 0
		if err != nil {
			return fmt.Errorf("write search variants: %w", err)
		}
		return nil
	}
	for v, terms := range variants {
		for t := range terms {
			args = append(args, v, t)
			n++
			if n == 4*batch {
				if err := flush(); err != nil {
					return err
				}
			}
		}
	}
	return flush()
}

// values is the VALUES list of n rows of k placeholders.
func values(n, k int) string {
	one := "(" + database.Marks(k) + ")"
	return strings.TrimSuffix(strings.Repeat(one+", ", n), ", ")
}
