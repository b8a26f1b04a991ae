package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
)

// NewToken returns a random, URL-safe token with 256 bits of entropy. Store only TokenHash of it.
func NewToken() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic("crypto/rand failed: " + err.Error())
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// TokenHash is what the database keeps of a session, reset or activation token: a leaked
// database does not let anyone sign in. SHA-256 suffices because tokens are random, not chosen.
func TokenHash(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}
