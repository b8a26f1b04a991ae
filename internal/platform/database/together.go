package database

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"reflect"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/jmoiron/sqlx"
)

// Read is one query of ReadTogether and where its rows go: Dest points to a struct (One: the
// first row, as Get; sql.ErrNoRows when there is none) or to a slice of structs (every row, as
// Select), mapped by their db tags as sqlx maps them.
type Read struct {
	Dest  any
	Query string
	Args  []any
	One   bool
}

// ReadTogether runs reads that need none of the others' answers in one snapshot, as
// ReadSnapshot does. On PostgreSQL it sends the transaction's BEGIN, the reads and its COMMIT
// in one pipeline: one round trip to the server instead of one per statement, which on a
// small page (a booking's detail: five statements) costs more than the reads themselves, for
// Hive and for the server alike. On SQLite, whose statements are calls inside the process, it
// is ReadSnapshot.
func (db *DB) ReadTogether(ctx context.Context, reads ...Read) error {
	if db.Dialect != Postgres {
		return db.ReadSnapshot(ctx, func(r Reader) error {
			for _, read := range reads {
				get := r.Select
				if read.One {
					get = r.Get
				}
				if err := get(ctx, read.Dest, read.Query, read.Args...); err != nil {
					return err
				}
			}
			return nil
		})
	}
	if err := db.enter(ctx); err != nil {
		return err
	}
	defer db.leave()
	conn, err := db.read.Conn(ctx)
	if err != nil {
		return translate(err)
	}
	defer conn.Close()
	return translate(conn.Raw(func(driverConn any) error {
		pc, ok := driverConn.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("read together: a %T is not pgx's connection", driverConn)
		}
		return db.pipeline(ctx, pc.Conn(), reads)
	}))
}

// pipeline sends reads between the snapshot's BEGIN and COMMIT as one batch and scans their
// rows. A failed statement leaves its transaction open and aborted: it is rolled back, so that
// the connection goes back to the pool idle.
func (db *DB) pipeline(ctx context.Context, conn *pgx.Conn, reads []Read) error {
	batch := &pgx.Batch{}
	batch.Queue(`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`)
	for _, read := range reads {
		batch.Queue(db.Rebind(read.Query), read.Args...)
	}
	batch.Queue(`COMMIT`)
	results := conn.SendBatch(ctx, batch)
	err := scanPipeline(results, reads)
	err = errors.Join(err, results.Close())
	if conn.PgConn().TxStatus() != 'I' {
		if _, rerr := conn.Exec(ctx, `ROLLBACK`); rerr != nil {
			err = errors.Join(err, rerr)
		}
	}
	return err
}

// scanPipeline reads the batch's results in order: BEGIN's, each read's rows, COMMIT's. A read
// that wants one row and finds none answers sql.ErrNoRows, after the transaction has ended.
func scanPipeline(results pgx.BatchResults, reads []Read) error {
	if _, err := results.Exec(); err != nil {
		return err
	}
	var noRows error
	for _, read := range reads {
		rows, err := results.Query()
		if err != nil {
			return err
		}
		found, err := scanRows(rows, read)
		if err != nil {
			return err
		}
		if read.One && !found {
			noRows = sql.ErrNoRows
		}
	}
	if _, err := results.Exec(); err != nil {
		return err
	}
	return noRows
}

// scanRows scans rows into read's Dest with sqlx's mapping and tells whether there was a row.
func scanRows(rows pgx.Rows, read Read) (bool, error) {
	defer rows.Close()
	if !read.One {
		before := reflect.Indirect(reflect.ValueOf(read.Dest)).Len()
		err := sqlx.StructScan(sqlxRows{rows}, read.Dest)
		return err == nil && reflect.Indirect(reflect.ValueOf(read.Dest)).Len() > before, err
	}
	all := reflect.New(reflect.SliceOf(reflect.TypeOf(read.Dest).Elem()))
	if err := sqlx.StructScan(sqlxRows{rows}, all.Interface()); err != nil {
		return false, err
	}
	if all.Elem().Len() == 0 {
		return false, nil
	}
	reflect.ValueOf(read.Dest).Elem().Set(all.Elem().Index(0))
	return true, nil
}

// sqlxRows gives pgx's rows the shape sqlx scans from.
type sqlxRows struct{ pgx.Rows }

func (r sqlxRows) Columns() ([]string, error) {
	fields := r.FieldDescriptions()
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.Name
	}
	return names, nil
}

func (r sqlxRows) Close() error {
	r.Rows.Close()
	return r.Err()
}
