// Package database opens Hive's database (SQLite or PostgreSQL), applies the embedded migrations,
// and runs queries written once in the SQL both engines share, with ? placeholders rebound for
// PostgreSQL. Stores use DB for reads and DB.InTx for every write.
package database

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib" // also registers the "pgx" driver
	"github.com/jmoiron/sqlx"
	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/hive/hive/internal/platform/clock"
)

// Dialect names the engine behind a DB, for the few queries that truly differ.
type Dialect string

// The two engines Hive runs on.
const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// DB is an open Hive database. On SQLite writes go through a single connection (SQLite has one
// writer) while reads use a small pool; on PostgreSQL both are the same pool.
type DB struct {
	Dialect Dialect
	read    *sqlx.DB
	write   *sqlx.DB
	// Now is Hive's one clock: every transaction reads it once at its start (Tx.Now), and code
	// outside a transaction calls it instead of time.Now. Tests replace it with a
	// clock.Settable's Now to move every time rule at once.
	Now clock.Clock

	rebound sync.Map // query text → rebound text
	// SQLite's prepared statements, by query text, on the readers and on the writer (nil on
	// PostgreSQL, whose driver caches statements per connection itself).
	readStmts, writeStmts *stmtCache
	// readGate admits as many readers as the pool has connections, first come first served.
	// database/sql hands a freed connection to a random waiter, which under load gives a few
	// unlucky requests very long waits; a channel queues its waiters in order.
	readGate chan struct{}

	url   string // PostgreSQL: for the LISTEN connection (watch.go)
	node  string // PostgreSQL: this DB's hive.node, which its connections' notifications carry
	watch watch
}

// maxCachedStatements bounds the prepared-statement cache; queries built with a varying number
// of placeholders past that point are simply not cached.
const maxCachedStatements = 512

// Open connects to url (sqlite:PATH or postgres://...) and applies pending migrations.
func Open(ctx context.Context, url string) (*DB, error) {
	db, err := Connect(url)
	if err != nil {
		return nil, err
	}
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// Connect connects to url without migrating.
func Connect(url string) (*DB, error) {
	switch {
	case strings.HasPrefix(url, "sqlite:"):
		return connectSQLite(strings.TrimPrefix(url, "sqlite:"))
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		return connectPostgres(url)
	default:
		return nil, fmt.Errorf("database URL %q: want sqlite:PATH or a postgres:// URL", url)
	}
}

func connectSQLite(path string) (*DB, error) {
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("create database directory: %w", err)
		}
	}
	// busy_timeout comes first so the other pragmas wait rather than fail on a locked file.
	// mmap_size maps the file's first GiB into each connection: a commit in WAL mode empties every
	// other connection's page cache, and with a quarter of a day's requests writing the readers
	// spent their time reading pages back through read(2) into fresh buffers; mapped pages are
	// used where they lie (docs/decisions.md, "Speed and read models").
	pragmas := "_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)" +
		"&_pragma=synchronous(NORMAL)&_pragma=temp_store(MEMORY)&_pragma=cache_size(-16000)&_pragma=mmap_size(1073741824)"
	write, err := sqlx.Open("sqlite", "file:"+path+"?"+pragmas+"&_txlock=immediate")
	if err != nil {
		return nil, err
	}
	write.SetMaxOpenConns(1)
	write.SetConnMaxIdleTime(0)
	read, err := sqlx.Open("sqlite", "file:"+path+"?"+pragmas+"&_pragma=query_only(1)")
	if err != nil {
		write.Close()
		return nil, err
	}
	read.SetMaxOpenConns(8)
	read.SetMaxIdleConns(8)
	read.SetConnMaxIdleTime(0)
	db := &DB{Dialect: SQLite, read: read, write: write, Now: clock.System, readGate: make(chan struct{}, 8),
		readStmts: &stmtCache{pool: read}, writeStmts: &stmtCache{pool: write}}
	// Open the writer first so the WAL switch happens before readers exist.
	if err := write.Ping(); err != nil {
		db.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	return db, nil
}

func connectPostgres(url string) (*DB, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres URL: %w", err)
	}
	// Every connection names this node (hive.node), so that the auth change notifications its
	// own writes send can be told from other nodes' (watch.go).
	node := newTxID()
	cfg.RuntimeParams["hive.node"] = node
	pool := sqlx.NewDb(stdlib.OpenDB(*cfg), "pgx")
	pool.SetMaxOpenConns(32)
	pool.SetMaxIdleConns(32)
	pool.SetConnMaxIdleTime(5 * time.Minute)
	if err := pool.Ping(); err != nil {
		pool.Close()
		return nil, fmt.Errorf("connect postgres: %w", err)
	}
	return &DB{Dialect: Postgres, read: pool, write: pool, Now: clock.System, readGate: make(chan struct{}, 24),
		url: url, node: node}, nil
}

// Close closes every connection.
func (db *DB) Close() error {
	db.stopWatching()
	db.readStmts.close()
	db.writeStmts.close()
	err := db.read.Close()
	if db.write != db.read {
		err = errors.Join(err, db.write.Close())
	}
	return err
}

// Rebind turns ? placeholders into the engine's own ($1, $2... on PostgreSQL). Results are
// cached, so a query text is rewritten once per process.
func (db *DB) Rebind(query string) string {
	if db.Dialect == SQLite {
		return query
	}
	if q, ok := db.rebound.Load(query); ok {
		return q.(string)
	}
	q := sqlx.Rebind(sqlx.DOLLAR, query)
	db.rebound.Store(query, q)
	return q
}

// Get scans one row into dest (a struct with db tags, or a scalar). No row is sql.ErrNoRows.
func (db *DB) Get(ctx context.Context, dest any, query string, args ...any) error {
	return db.readRows(ctx, true, dest, query, args)
}

// Select scans every row into dest, a pointer to a slice.
func (db *DB) Select(ctx context.Context, dest any, query string, args ...any) error {
	return db.readRows(ctx, false, dest, query, args)
}

// readRows is Get (one) or Select on a reader, once the read gate lets it in.
func (db *DB) readRows(ctx context.Context, one bool, dest any, query string, args []any) error {
	if err := db.enter(ctx); err != nil {
		return err
	}
	defer db.leave()
	return db.scan(ctx, db.read, db.readStmts.get(ctx, query), one, dest, query, args)
}

// scan is the one body of every Get (one row) and Select (every row), on the DB, a Tx or a
// snapshot: on stmt, the query's prepared statement, when there is one, else on q with the
// query rebound for the engine.
func (db *DB) scan(ctx context.Context, q sqlx.QueryerContext, stmt *sqlx.Stmt, one bool, dest any, query string,
	args []any) error {
	var err error
	switch {
	case stmt != nil && one:
		err = stmt.GetContext(ctx, dest, args...)
	case stmt != nil:
		err = stmt.SelectContext(ctx, dest, args...)
	case one:
		err = sqlx.GetContext(ctx, q, dest, db.Rebind(query), args...)
	default:
		err = sqlx.SelectContext(ctx, q, dest, db.Rebind(query), args...)
	}
	return translate(err)
}

func (db *DB) enter(ctx context.Context) error {
	select {
	case db.readGate <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (db *DB) leave() { <-db.readGate }

// stmtCache holds one pool's prepared statements by query text, preparing each on first use.
// SQLite otherwise parses and plans the SQL on every call, which costs more than a simple read
// itself, and an INSERT into a table with triggers compiles the triggers' programs too.
type stmtCache struct {
	pool  *sqlx.DB
	stmts sync.Map // query text → *sqlx.Stmt
	n     atomic.Int32
}

// get returns the prepared statement of query, preparing it on first use; nil when there is
// no cache, the cache is full, or the query does not prepare (the plain path then reports the
// error).
func (c *stmtCache) get(ctx context.Context, query string) *sqlx.Stmt {
	if c == nil {
		return nil
	}
	if s := c.load(query); s != nil {
		return s
	}
	if c.full() {
		return nil
	}
	stmt, err := c.pool.PreparexContext(ctx, query)
	if err != nil {
		return nil
	}
	if prev, loaded := c.stmts.LoadOrStore(query, stmt); loaded {
		stmt.Close()
		return prev.(*sqlx.Stmt)
	}
	c.n.Add(1)
	return stmt
}

// inTx returns the prepared statement of query bound to tx, a transaction on the cache's
// pool; nil when it is not prepared yet (or there is no cache), and then, while the cache has
// room, query is added to unprepared, to prepare once the transaction has ended (preparing on
// the pool now could wait for the connection tx holds).
func (c *stmtCache) inTx(ctx context.Context, tx *sqlx.Tx, query string, unprepared *[]string) *sqlx.Stmt {
	if c == nil {
		return nil
	}
	if stmt := c.load(query); stmt != nil {
		return tx.StmtxContext(ctx, stmt)
	}
	if !c.full() {
		*unprepared = append(*unprepared, query)
	}
	return nil
}

// full reports whether the cache takes no more statements.
func (c *stmtCache) full() bool { return c.n.Load() >= maxCachedStatements }

// load returns the statement of query if it is prepared already.
func (c *stmtCache) load(query string) *sqlx.Stmt {
	if s, ok := c.stmts.Load(query); ok {
		return s.(*sqlx.Stmt)
	}
	return nil
}

// prepare prepares queries for later calls (errors are left to those calls to report).
func (c *stmtCache) prepare(queries []string) {
	for _, q := range queries {
		c.get(context.Background(), q)
	}
}

func (c *stmtCache) close() {
	if c != nil {
		c.stmts.Range(func(_, s any) bool { s.(*sqlx.Stmt).Close(); return true })
	}
}

// Raw returns the writer pool for tools that need a *sql.DB (migrations).
func (db *DB) Raw() *sql.DB { return db.write.DB }

// LimitOffset returns the LIMIT/OFFSET clause of a page and its arguments. SQLite re-prepares a
// statement on every call when LIMIT is a bound parameter (its planner reads the value), which
// costs more than a simple query; so the first page, which hot paths ask for, carries its limit
// as a literal integer (few distinct texts: the page sizes), and deeper pages bind both.
func LimitOffset(limit, offset int) (string, []any) {
	if offset == 0 {
		return " LIMIT " + strconv.Itoa(limit), nil
	}
	return " LIMIT ? OFFSET ?", []any{limit, offset}
}
