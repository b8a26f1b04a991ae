package search

import (
	"context"
	"fmt"

	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/search/index"
)

// The cards of the results that are not users (spec part 1 §2 card content), read when results
// are shown, for the returned rows only: the names of linked records are read here rather than
// indexed, so renaming a client rewrites no booking's document. These reads join the owners'
// tables for names only (docs/architecture.md, joins for names and scope).

// cardRow is what any non-user card reads; each source fills its own columns.
type cardRow struct {
	ID             int64  `db:"id"`
	Title          string `db:"title"`
	Reference      string `db:"reference"`
	LegacyJobID    string `db:"legacy_job_id"`
	Agent          string `db:"agent"`
	DivisionTeam   string `db:"division_team"`
	Function       string `db:"job_function"`
	Name           string `db:"name"`
	Type           string `db:"type"`
	DepartmentName string `db:"department_name"`
	ClientName     string `db:"client_name"`
}

// cardQueries read the cards of a source (ids appended as an IN list); every column of
// cardRow is named, the ones a source lacks as ”.
var cardQueries = map[string]string{
	index.Booking: reads.SearchCardQuery,
	index.Job: `SELECT j.id, j.title, '' AS reference, j.legacy_job_id, j.agent, j.division_team, j.job_function,
		'' AS name, '' AS type, d.name AS department_name, e.name AS client_name
		FROM job_templates j JOIN departments d ON d.id = j.department_id JOIN entities e ON e.id = d.client_id
		WHERE j.id IN `,
	index.Department: `SELECT d.id, '' AS title, '' AS reference, '' AS legacy_job_id, '' AS agent, '' AS division_team,
		'' AS job_function, d.name, '' AS type, '' AS department_name, e.name AS client_name
		FROM departments d JOIN entities e ON e.id = d.client_id WHERE d.id IN `,
	index.Entity: `SELECT e.id, '' AS title, '' AS reference, '' AS legacy_job_id, '' AS agent, '' AS division_team,
		'' AS job_function, e.name, e.type, '' AS department_name, '' AS client_name FROM entities e WHERE e.id IN `,
	index.LegalEntity: `SELECT l.id, '' AS title, '' AS reference, '' AS legacy_job_id, '' AS agent, '' AS division_team,
		'' AS job_function, CASE WHEN l.company_name <> '' THEN l.company_name ELSE l.trading_name END AS name,
		l.type, '' AS department_name, '' AS client_name FROM legal_entities l WHERE l.id IN `,
}

// recordCards reads through r the cards of ids of a source other than user.
func recordCards(ctx context.Context, r database.Reader, source string, ids []int64) (map[int64]Result, error) {
	q, ok := cardQueries[source]
	if !ok {
		return nil, fmt.Errorf("search cards: unknown source %q", source)
	}
	marks, args := database.In(ids)
	var rows []cardRow
	if err := r.Select(ctx, &rows, q+`(`+marks+`)`, args...); err != nil {
		return nil, fmt.Errorf("%s cards: %w", source, err)
	}
	out := make(map[int64]Result, len(rows))
	for _, r := range rows {
		out[r.ID] = Result{Title: r.Title, Reference: r.Reference, LegacyJobID: r.LegacyJobID, Agent: r.Agent,
			DivisionTeam: r.DivisionTeam, Function: r.Function, Name: r.Name, Type: r.Type,
			DepartmentName: r.DepartmentName, ClientName: r.ClientName}
	}
	return out, nil
}
