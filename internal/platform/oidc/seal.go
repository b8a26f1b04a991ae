package oidc

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"time"
)

// FlowTTL is how long a sealed flow stays valid: the time a person has to sign in at the provider.
const FlowTTL = 10 * time.Minute

// maxSealed bounds what OpenFlow will decode; a browser cookie holds about 4 KB.
const maxSealed = 4096

// sealAAD binds sealed flows to this purpose and format, so a ciphertext made with the same key
// for something else never opens as a flow.
var sealAAD = []byte("hive/oidc-flow/v1")

// sealed is the plaintext of a sealed flow.
type sealed struct {
	State    string `json:"s"`
	Nonce    string `json:"n"`
	Verifier string `json:"v"`
	Provider string `json:"p"`
	Redirect string `json:"r"`
	Expires  int64  `json:"e"` // Unix seconds
}

func newAEAD(key []byte) (cipher.AEAD, error) {
	if len(key) != 32 {
		return nil, fmt.Errorf("oidc: flow key must be 32 bytes, got %d", len(key))
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("oidc: flow key: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("oidc: flow key: %w", err)
	}
	return aead, nil
}

// SealFlow encrypts and authenticates f, the provider's name and the page to return to into a
// cookie-safe string (AES-256-GCM, base64url) that OpenFlow accepts until now+FlowTTL.
// The redirect is carried as given: callers must check it is a local path before using it.
func SealFlow(key []byte, f Flow, provider string, redirect string, now time.Time) (string, error) {
	if err := f.validate(); err != nil {
		return "", err
	}
	aead, err := newAEAD(key)
	if err != nil {
		return "", err
	}
	plain, err := json.Marshal(sealed{
		State: f.State, Nonce: f.Nonce, Verifier: f.Verifier,
		Provider: provider, Redirect: redirect, Expires: now.Add(FlowTTL).Unix(),
	})
	if err != nil {
		return "", fmt.Errorf("oidc: sealing flow: %w", err)
	}
	nonce := make([]byte, aead.NonceSize())
	_, _ = rand.Read(nonce) // crypto/rand.Read never fails (it aborts the program instead)
	out := aead.Seal(nonce, nonce, plain, sealAAD)
	s := base64.RawURLEncoding.EncodeToString(out)
	if len(s) > maxSealed {
		return "", fmt.Errorf("oidc: sealed flow is %d bytes, more than a cookie holds (redirect too long?)", len(s))
	}
	return s, nil
}

// OpenFlow decrypts a string made by SealFlow with the same key and returns its flow, provider
// name and redirect; it fails with ErrInvalidFlow when the string was altered or made with
// another key, and with ErrFlowExpired once FlowTTL has passed.
func OpenFlow(key []byte, sealedFlow string, now time.Time) (f Flow, provider, redirect string, err error) {
	aead, err := newAEAD(key)
	if err != nil {
		return Flow{}, "", "", err
	}
	if len(sealedFlow) > maxSealed {
		return Flow{}, "", "", fmt.Errorf("%w: sealed flow too long", ErrInvalidFlow)
	}
	raw, err := base64.RawURLEncoding.Strict().DecodeString(sealedFlow) // one encoding per ciphertext
	if err != nil {
		return Flow{}, "", "", fmt.Errorf("%w: %w", ErrInvalidFlow, err)
	}
	if len(raw) < aead.NonceSize()+aead.Overhead() {
		return Flow{}, "", "", fmt.Errorf("%w: sealed flow too short", ErrInvalidFlow)
	}
	ns := aead.NonceSize()
	plain, err := aead.Open(nil, raw[:ns], raw[ns:], sealAAD)
	if err != nil {
		return Flow{}, "", "", fmt.Errorf("%w: authentication failed: %w", ErrInvalidFlow, err)
	}
	var s sealed
	if err := json.Unmarshal(plain, &s); err != nil {
		return Flow{}, "", "", fmt.Errorf("%w: %w", ErrInvalidFlow, err)
	}
	if !now.Before(time.Unix(s.Expires, 0)) {
		return Flow{}, "", "", fmt.Errorf("%w: expired at %s", ErrFlowExpired, time.Unix(s.Expires, 0).UTC().Format(time.RFC3339))
	}
	f = Flow{State: s.State, Nonce: s.Nonce, Verifier: s.Verifier}
	if err := f.validate(); err != nil {
		return Flow{}, "", "", err
	}
	return f, s.Provider, s.Redirect, nil
}
