// Package auth holds the pieces of authentication and authorization every feature shares:
// password hashing, random tokens, the signed-in principal in the request context, and the
// "needs" permission model with its rule functions.
package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Argon2id parameters: OWASP's recommendation (19 MiB, 2 passes, 1 lane).
const (
	argonMemoryKiB = 19 * 1024
	argonTime      = 2
	argonThreads   = 1
	argonKeyLen    = 32
	argonSaltLen   = 16
)

// hashing admits as many argon2id computations at once as Go runs threads. Each one holds its
// 19 MiB block for its whole run, so without a bound a burst of sign-ins (a day's morning, or
// someone guessing passwords from many addresses, each under its own rate limit) takes memory
// in proportion to the requests in flight: 500 at once ask for 9.5 GiB. Beyond one per thread
// more at once cannot finish sooner anyway; the others wait their turn in the queue.
var hashing = make(chan struct{}, runtime.GOMAXPROCS(0))

// idKey is argon2.IDKey; the test that checks the bound counts through it.
var idKey = argon2.IDKey

// argonKey derives a key with argon2id once a place in hashing is free.
func argonKey(password, salt []byte, passes, memoryKiB uint32, threads uint8, keyLen uint32) []byte {
	hashing <- struct{}{}
	defer func() { <-hashing }()
	return idKey(password, salt, passes, memoryKiB, threads, keyLen)
}

// HashPassword returns an argon2id hash in the PHC string format.
func HashPassword(password string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argonKey([]byte(password), salt, argonTime, argonMemoryKiB, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemoryKiB, argonTime, argonThreads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

var errBadHash = errors.New("unrecognised password hash")

// CheckPassword reports whether password matches hash. An empty hash (an account that has never
// set a password, such as one that signs in with Google) never matches.
func CheckPassword(hash, password string) bool {
	if hash == "" {
		// Spend the same time as a real check so response times do not reveal such accounts.
		argonKey([]byte(password), make([]byte, argonSaltLen), argonTime, argonMemoryKiB, argonThreads, argonKeyLen)
		return false
	}
	ok, err := checkPHC(hash, password)
	return err == nil && ok
}

func checkPHC(hash, password string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errBadHash
	}
	var version int
	var memory, passes uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, errBadHash
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &passes, &threads); err != nil {
		return false, errBadHash
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, errBadHash
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil {
		return false, errBadHash
	}
	got := argonKey([]byte(password), salt, passes, memory, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}
