package accounts

import (
	"sync/atomic"
	"testing"
	"time"
)

var testLimits = SessionLimits{Idle: 30 * time.Minute, Lifetime: 12 * time.Hour, RememberLifetime: 720 * time.Hour}

// CountHashes counts the argon2id hashes of new passwords for the rest of the test.
func CountHashes(t testing.TB) *atomic.Int64 {
	var n atomic.Int64
	orig := hashPassword
	hashPassword = func(pw string) (string, error) {
		n.Add(1)
		return orig(pw)
	}
	t.Cleanup(func() { hashPassword = orig })
	return &n
}
