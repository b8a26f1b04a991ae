package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"sync"
)

// processSecret stands in for HIVE_SECRET when it is unset: random, made once per process, so
// everything keyed by it works on one node and stops working at restart.
var processSecret = sync.OnceValue(func() []byte {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic("crypto/rand failed: " + err.Error())
	}
	return b
})

// SecretKey derives the 32-byte key for one purpose (sealing the OAuth flow cookie, signing CSRF
// tokens, ...) from the configured secret (HIVE_SECRET), which every node of a deployment
// shares; with no secret, from a random one per process. Each purpose gets its own key, so a
// value made for one purpose never verifies for another.
func SecretKey(secret, purpose string) []byte {
	base := processSecret()
	if secret != "" {
		sum := sha256.Sum256([]byte(secret))
		base = sum[:]
	}
	mac := hmac.New(sha256.New, base)
	mac.Write([]byte(purpose))
	return mac.Sum(nil)
}
