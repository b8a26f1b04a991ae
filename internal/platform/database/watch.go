package database

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
)

// The "auth" change channel tells a process when a committed write changed what a signed-in
// principal holds (sessions ended or moved, users' flags and names, links to entities and
// departments, departments and entities they cover), so that caches of principals
// (internal/accounts, store_sessioncache.go) can be emptied. Migration 00028's triggers mark every
// such write, whatever code or SQL made it, and this file turns the marks into calls:
//
//   - Writes by this process: before each commit InTx asks whether the transaction changed
//     anything (SQLite: the change_counters row moved; PostgreSQL: the transaction set
//     hive.auth_changed), and after the commit calls the watchers. The next request on this
//     node therefore sees the change, with no wait.
//   - Writes by other nodes (PostgreSQL): one LISTEN hive_auth connection per DB calls the
//     watchers on each notification, which PostgreSQL sends only once the writing transaction
//     has committed. A notification carries the writer's hive.node (connectPostgres), and
//     this node's own are skipped: they ran the watchers already, and a second, later emptying
//     would only throw away sessions read since. While that connection is down AuthChangesLive
//     is false, and a cache must neither serve nor keep anything: a missed notification cannot
//     leave a stale principal.
//   - SQLite is one machine, but another process may write to the same file (a hive command
//     beside the server, or a second server): a cache asks CatchUpAuthChanges before it serves
//     an entry, which reads the counter (one row) and calls the watchers when it moved since
//     this process last saw it. So another process's revocation holds from the next request.
type watch struct {
	mu   sync.Mutex
	fns  []func()
	last atomic.Int64 // SQLite: the counter as this process last committed or read it
	live atomic.Bool  // PostgreSQL: the listener is connected and listening
	stop context.CancelFunc
	done chan struct{}
}

// OnAuthChange registers fn to run after every committed change of what principals hold (see
// watch). fn must be quick and must not write.
func (db *DB) OnAuthChange(fn func()) error {
	w := &db.watch
	w.mu.Lock()
	defer w.mu.Unlock()
	first := len(w.fns) == 0
	w.fns = append(w.fns, fn)
	if !first {
		return nil
	}
	switch db.Dialect {
	case SQLite:
		var n int64
		if err := db.Get(context.Background(), &n, `SELECT n FROM change_counters WHERE channel = 'auth'`); err != nil {
			return fmt.Errorf("read change counter: %w", err)
		}
		w.last.Store(n)
		w.live.Store(true)
	case Postgres:
		ctx, stop := context.WithCancel(context.Background())
		w.stop, w.done = stop, make(chan struct{})
		go db.listen(ctx)
	}
	return nil
}

// CatchUpAuthChanges calls the watchers when another process changed what principals hold
// since this one last looked: on SQLite it reads the counter (a cache asks before serving an
// entry); on PostgreSQL it does nothing, as the listener hears every node's changes.
func (db *DB) CatchUpAuthChanges(ctx context.Context) error {
	if db.Dialect != SQLite {
		return nil
	}
	var n int64
	if err := db.Get(ctx, &n, `SELECT n FROM change_counters WHERE channel = 'auth'`); err != nil {
		return fmt.Errorf("read change counter: %w", err)
	}
	if db.watch.last.Load() != n && db.watch.last.Swap(n) != n {
		db.fireAuthChange()
	}
	return nil
}

// AuthChangesLive reports whether every change is reaching the watchers now: always on SQLite,
// on PostgreSQL while the listener is connected.
func (db *DB) AuthChangesLive() bool { return db.watch.live.Load() }

func (db *DB) watched() bool {
	db.watch.mu.Lock()
	defer db.watch.mu.Unlock()
	return len(db.watch.fns) > 0
}

func (db *DB) fireAuthChange() {
	db.watch.mu.Lock()
	fns := db.watch.fns
	db.watch.mu.Unlock()
	for _, fn := range fns {
		fn()
	}
}

// authMark is what a transaction's triggers left (see watch), read just before it commits:
// on SQLite the counter, on PostgreSQL whether the transaction set hive.auth_changed (1) or
// not (0). ok is false when nobody watches.
func (tx *Tx) authMark(ctx context.Context) (mark int64, ok bool, err error) {
	if !tx.db.watched() {
		return 0, false, nil
	}
	if tx.db.Dialect == SQLite {
		err = tx.Get(ctx, &mark, `SELECT n FROM change_counters WHERE channel = 'auth'`)
	} else {
		var set sql.NullString
		err = tx.Get(ctx, &set, `SELECT current_setting('hive.auth_changed', true)`)
		if set.String == "y" {
			mark = 1
		}
	}
	if err != nil {
		return 0, false, fmt.Errorf("read auth changes: %w", err)
	}
	return mark, true, nil
}

// afterCommit calls the watchers when the committed transaction changed what principals hold.
func (db *DB) afterCommit(mark int64) {
	if db.Dialect == SQLite {
		if db.watch.last.Swap(mark) == mark {
			return
		}
	} else if mark == 0 {
		return
	}
	db.fireAuthChange()
}

// listen keeps a LISTEN hive_auth connection open until ctx ends, reconnecting after a second
// (at most ten) when it fails; the watchers run whenever it is lost or (re)made, as changes may
// have gone unheard in between.
func (db *DB) listen(ctx context.Context) {
	defer close(db.watch.done)
	backoff := time.Second
	for {
		err := db.listenOnce(ctx)
		db.watch.live.Store(false)
		db.fireAuthChange()
		if ctx.Err() != nil {
			return
		}
		if err == nil {
			backoff = time.Second
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 10*time.Second)
	}
}

func (db *DB) listenOnce(ctx context.Context) error {
	conn, err := pgx.Connect(ctx, db.url)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, `LISTEN hive_auth`); err != nil {
		return err
	}
	db.fireAuthChange()
	db.watch.live.Store(true)
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if n.Payload != db.node { // this node's own writes ran the watchers as they committed
			db.fireAuthChange()
		}
	}
}

// stopWatching ends the listener, if any, and waits until its connection is closed.
func (db *DB) stopWatching() {
	db.watch.mu.Lock()
	stop, done := db.watch.stop, db.watch.done
	db.watch.mu.Unlock()
	if stop != nil {
		stop()
		<-done
	}
}
