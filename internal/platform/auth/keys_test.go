package auth

import (
	"bytes"
	"testing"
)

func TestSecretKey(t *testing.T) {
	secret := "a shared secret of at least thirty-two bytes"
	if !bytes.Equal(SecretKey(secret, "csrf"), SecretKey(secret, "csrf")) {
		t.Error("two nodes with one secret derive different keys")
	}
	if bytes.Equal(SecretKey(secret, "csrf"), SecretKey(secret, "oauth-flow")) {
		t.Error("two purposes share a key")
	}
	if bytes.Equal(SecretKey(secret, "csrf"), SecretKey("another secret of at least thirty-two bytes", "csrf")) {
		t.Error("the key does not depend on the secret")
	}
	if !bytes.Equal(SecretKey("", "csrf"), SecretKey("", "csrf")) || len(SecretKey("", "csrf")) != 32 {
		t.Error("without a secret the key is not stable within the process")
	}
}
