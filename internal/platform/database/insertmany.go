package database

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// maxParams keeps one statement under SQLite's limit of 32,766 bound parameters (PostgreSQL's
// is 65,535).
const maxParams = 30000

// InsertMany inserts n rows into table, row(i) giving the values of row i in the order of
// columns (comma-separated), as few multi-row statements as the parameter limit allows. The
// benchmark and load data sets write hundreds of thousands of rows with it, where one INSERT a
// row would take minutes; a delivery round writes its mails' history entries with it.
func InsertMany(ctx context.Context, tx *Tx, table, columns string, n int, row func(i int) []any) error {
	return eachInsert(table, columns, n, row, func(query string, args []any, _ int) error {
		_, err := tx.Exec(ctx, query, args...)
		return err
	})
}

// InsertManyIDs is InsertMany into a table whose id column numbers its rows: it returns the new
// rows' ids in the order of the rows. Each statement inserts its rows in the order of its VALUES
// list on both engines and each row draws its id as it is inserted, so a statement's ids, sorted,
// are its rows' in order; the order RETURNING lists them in is not promised.
func InsertManyIDs(ctx context.Context, tx *Tx, table, columns string, n int, row func(i int) []any) ([]int64, error) {
	ids := make([]int64, 0, n)
	err := eachInsert(table, columns, n, row, func(query string, args []any, rows int) error {
		var got []int64
		if err := tx.Select(ctx, &got, query+` RETURNING id`, args...); err != nil {
			return err
		}
		if len(got) != rows {
			return fmt.Errorf("%d rows stored of %d", len(got), rows)
		}
		slices.Sort(got)
		ids = append(ids, got...)
		return nil
	})
	return ids, err
}

// eachInsert builds the multi-row INSERT statements of n rows and hands each to run with its
// arguments and number of rows.
func eachInsert(table, columns string, n int, row func(i int) []any, run func(query string, args []any, rows int) error) error {
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
		if err := run(`INSERT INTO `+table+` (`+columns+`) VALUES `+sb.String(), args, to-from); err != nil {
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
