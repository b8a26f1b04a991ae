package oidc_test

import (
	"bytes"
	"errors"
	"regexp"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/oidc"
)

var (
	sealKey = bytes.Repeat([]byte{7}, 32)
	sealNow = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
)

func TestSealFlowRoundTrip(t *testing.T) {
	t.Parallel()
	f := oidc.NewFlow()
	s, err := oidc.SealFlow(sealKey, f, "google", "/bookings?week=48", sealNow)
	if err != nil {
		t.Fatalf("SealFlow: %v", err)
	}
	if !regexp.MustCompile(`^[A-Za-z0-9_-]+$`).MatchString(s) {
		t.Errorf("sealed flow %q is not cookie-safe", s)
	}
	for _, at := range []time.Time{sealNow, sealNow.Add(oidc.FlowTTL - time.Second)} {
		got, provider, redirect, err := oidc.OpenFlow(sealKey, s, at)
		if err != nil {
			t.Fatalf("OpenFlow at %s: %v", at, err)
		}
		if got != f || provider != "google" || redirect != "/bookings?week=48" {
			t.Errorf("OpenFlow = %+v, %q, %q; want %+v, google, /bookings?week=48", got, provider, redirect, f)
		}
	}
	again, _ := oidc.SealFlow(sealKey, f, "google", "/bookings?week=48", sealNow)
	if again == s {
		t.Error("sealing twice gave the same string: the GCM nonce is not random")
	}
}

func TestOpenFlowExpired(t *testing.T) {
	t.Parallel()
	s, err := oidc.SealFlow(sealKey, oidc.NewFlow(), "google", "/", sealNow)
	if err != nil {
		t.Fatal(err)
	}
	for _, at := range []time.Time{sealNow.Add(oidc.FlowTTL), sealNow.Add(time.Hour)} {
		if _, _, _, err := oidc.OpenFlow(sealKey, s, at); !errors.Is(err, oidc.ErrFlowExpired) {
			t.Errorf("OpenFlow at %s: err = %v, want ErrFlowExpired", at, err)
		}
	}
}

func TestOpenFlowRejects(t *testing.T) {
	t.Parallel()
	s, err := oidc.SealFlow(sealKey, oidc.NewFlow(), "google", "/", sealNow)
	if err != nil {
		t.Fatal(err)
	}
	otherKey := bytes.Repeat([]byte{8}, 32)
	tests := []struct {
		name, sealed string
		key          []byte
	}{
		{"empty", "", sealKey},
		{"not base64", "%%%", sealKey},
		{"too short", s[:20], sealKey},
		{"truncated", s[:len(s)-1], sealKey},
		{"extended", s + "AA", sealKey},
		{"other key", s, otherKey},
	}
	// Flip each position in turn: every change must be caught by GCM's tag.
	for i := range s {
		b := []byte(s)
		b[i] = flip(b[i])
		tests = append(tests, struct {
			name, sealed string
			key          []byte
		}{"tampered", string(b), sealKey})
	}
	for _, tt := range tests {
		if f, _, _, err := oidc.OpenFlow(tt.key, tt.sealed, sealNow); !errors.Is(err, oidc.ErrInvalidFlow) {
			t.Errorf("%s: OpenFlow = %+v, %v; want ErrInvalidFlow", tt.name, f, err)
		}
	}
}

// flip changes a base64url character into another base64url character.
func flip(c byte) byte {
	if c == 'A' {
		return 'B'
	}
	return 'A'
}

func TestSealFlowChecks(t *testing.T) {
	t.Parallel()
	if _, err := oidc.SealFlow(sealKey[:16], oidc.NewFlow(), "google", "/", sealNow); err == nil {
		t.Error("SealFlow accepted a 16-byte key")
	}
	if _, _, _, err := oidc.OpenFlow(sealKey[:31], "x", sealNow); err == nil {
		t.Error("OpenFlow accepted a 31-byte key")
	}
	if _, err := oidc.SealFlow(sealKey, oidc.Flow{State: "s", Nonce: "n"}, "google", "/", sealNow); !errors.Is(err, oidc.ErrInvalidFlow) {
		t.Errorf("SealFlow without verifier: err = %v, want ErrInvalidFlow", err)
	}
	long := string(bytes.Repeat([]byte{'/'}, 5000))
	if _, err := oidc.SealFlow(sealKey, oidc.NewFlow(), "google", long, sealNow); err == nil {
		t.Error("SealFlow accepted a redirect too long for a cookie")
	}
}

func FuzzOpenFlow(f *testing.F) {
	s, err := oidc.SealFlow(sealKey, oidc.NewFlow(), "google", "/", sealNow)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(s)
	f.Add("")
	f.Add("AAAA")
	f.Fuzz(func(t *testing.T, sealed string) {
		fl, _, _, err := oidc.OpenFlow(sealKey, sealed, sealNow)
		if err == nil && (fl.State == "" || fl.Nonce == "" || fl.Verifier == "") {
			t.Errorf("OpenFlow(%q) opened an incomplete flow %+v", sealed, fl)
		}
	})
}
