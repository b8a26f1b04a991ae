package accounts

import (
	"sync"
	"time"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// SessionCache keeps, per node, the principals of recently used sessions for a short time
// (HIVE_SESSION_CACHE_TTL, 5 s by default), so that most signed-in requests read nothing to
// know who is asking. It never outlives a revocation: whatever changes what a principal holds
// (a session ended or turned by impersonation, a user's flags, status, password or names, a
// link to an entity or department) is marked by the database's own triggers (migration 00028),
// and database.DB.OnAuthChange empties the cache after this node's committing write and, on
// PostgreSQL, on the NOTIFY every other node's write sends; on SQLite, another process's write
// is caught before an entry is served (database.DB.CatchUpAuthChanges reads the counter). While
// the PostgreSQL listener is down the cache neither serves nor keeps anything (docs/security.md, V3).
//
// Entries are keyed by the session token's hash, as the sessions table is. A load that started
// before an emptying is not kept (the generation moved), so a read of the old state racing with
// a revocation cannot put it back.
type SessionCache struct {
	db  *database.DB
	ttl time.Duration

	mu      sync.RWMutex
	gen     uint64
	entries map[[32]byte]*cachedSession
}

// cachedSession is what LoadPrincipal read for a session, and until when it may be reused.
type cachedSession struct {
	principal  *auth.Principal // shared by the requests that reuse it: never modified
	user       User
	expiresAt  time.Time // the session's absolute expiry
	lastSeenAt time.Time // as this node last read or wrote it
	remember   bool
	until      time.Time // the end of this entry's reuse
}

// maxCachedSessions bounds the cache (a principal with its user row is about a kilobyte): when
// it is full, expired entries go, and if none has, all of them.
const maxCachedSessions = 20000

// NewSessionCache returns a cache whose entries live ttl; nil (no cache) when ttl is not positive.
func NewSessionCache(db *database.DB, ttl time.Duration) (*SessionCache, error) {
	if ttl <= 0 {
		return nil, nil
	}
	c := &SessionCache{db: db, ttl: ttl, entries: map[[32]byte]*cachedSession{}}
	if err := db.OnAuthChange(c.flush); err != nil {
		return nil, err
	}
	return c, nil
}

// get returns the entry of key while it may be reused at now.
func (c *SessionCache) get(key [32]byte, now time.Time) (*cachedSession, bool) {
	if !c.db.AuthChangesLive() {
		return nil, false
	}
	c.mu.RLock()
	e, ok := c.entries[key]
	c.mu.RUnlock()
	if !ok || !now.Before(e.until) {
		return nil, false
	}
	return e, true
}

// generation is taken before a load, and handed back to put.
func (c *SessionCache) generation() uint64 {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.gen
}

// put keeps e unless the cache was emptied since gen was taken, or changes are not heard now.
func (c *SessionCache) put(key [32]byte, gen uint64, e *cachedSession, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen || !c.db.AuthChangesLive() {
		return
	}
	if len(c.entries) >= maxCachedSessions {
		for k, old := range c.entries {
			if !now.Before(old.until) {
				delete(c.entries, k)
			}
		}
		if len(c.entries) >= maxCachedSessions {
			clear(c.entries)
		}
	}
	c.entries[key] = e
}

// touched records that this node moved the session's last_seen_at to at.
func (c *SessionCache) touched(key [32]byte, e *cachedSession, at time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries[key] == e {
		moved := *e
		moved.lastSeenAt = at
		c.entries[key] = &moved
	}
}

// flush empties the cache; loads under way are not kept.
func (c *SessionCache) flush() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	clear(c.entries)
}
