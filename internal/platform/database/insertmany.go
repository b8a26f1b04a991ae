package database

import (
	"context"
	"fmt"
	"strings"
)

// maxParams keeps one statement under SQLite's limit of 32,766 bound parameters (PostgreSQL's
// is 65,535).
const maxParams = 30000

// InsertMany inserts n rows into table, row(i) giving the values of row i in the order of
// columns (comma-separated), as few multi-row statements as the parameter limit allows. It is
// the bulk loader of the benchmark and load data sets, which write hundreds of thousands of
// rows where one INSERT a row would take minutes.
func InsertMany(ctx context.Context, tx *Tx, table, columns string, n int, row func(i int) []any) error {
	cols := len(strings.Split(columns, ","))
	per := max(1, min(1000, maxParams/cols))
	for from := 0; from < n; from += per {
		to := min(from+per, n)
		var sb strings.Builder
		args := make([]any, 0, (to-from)*cols)
		for i := from; i < to; i++ {
			if i > from {
				sb.WriteString(", ")
			}
			sb.WriteString("(" + Marks(cols) + ")")
			args = append(args, row(i)...)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO `+table+` (`+columns+`) VALUES `+sb.String(), args...); err != nil {
			return fmt.Errorf("%s: %w", table, err)
		}
	}
	return nil
}

// AfterBulkLoad does, after InsertMany has loaded a data set, what PostgreSQL's autovacuum would
// have done on a live database after such inserts (PostgreSQL 13 and later vacuum after inserts
// too): vacuum and analyse. The benchmarks call it so that it stays out of their timings: left
// to autovacuum, it starts a minute into a benchmark and competes for the cores, and until it
// has run every scan checks each freshly inserted row's visibility one by one. VACUUM cannot
// run in a transaction. SQLite is left without statistics, as Hive never runs ANALYZE on it.
func (db *DB) AfterBulkLoad(ctx context.Context) error {
	if db.Dialect != Postgres {
		return nil
	}
	_, err := db.Raw().ExecContext(ctx, `VACUUM ANALYZE`)
	return err
}
