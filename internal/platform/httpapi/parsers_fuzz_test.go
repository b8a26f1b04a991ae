package httpapi

import (
	"bytes"
	"encoding/base64"
	"net"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"github.com/hive/hive/internal/platform/config"
)

// FuzzClientAddr: whatever X-Forwarded-For says, the client address is a valid address, is the
// peer itself unless the peer is a trusted proxy, and is never a trusted proxy while the header
// names an address outside them. `go test` runs the seeds.
func FuzzClientAddr(f *testing.F) {
	for _, s := range [][2]string{
		{"10.0.0.2:5000", "203.0.113.1"}, {"10.0.0.2:5000", "1.2.3.4, 203.0.113.1"}, {"198.51.100.9:5000", "203.0.113.1"},
		{"10.0.0.2:5000", "203.0.113.1, junk"}, {"[::1]:5000", "::ffff:10.0.0.9, 2001:db8::1"}, {"10.0.0.2:5000", ",,, ,"},
		{"10.0.0.2:5000", "10.0.0.3, 10.0.0.4"}, {"10.0.0.2:5000", "fe80::1%eth0"}, {"10.0.0.2", "203.0.113.1"}, {"", ""},
		{"10.0.0.2:5000", "203.0.113.1:443"}, {"10.0.0.2:5000", strings.Repeat("203.0.113.1,", 1000)},
	} {
		f.Add(s[0], s[1])
	}
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	f.Fuzz(func(t *testing.T, peer, xff string) {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = peer
		r.Header.Set("X-Forwarded-For", xff)
		got := clientAddr(r, trusted)
		host := peer
		if h, _, err := net.SplitHostPort(peer); err == nil {
			host = h
		}
		p, err := netip.ParseAddr(host)
		if err != nil || !isTrusted(p, trusted) {
			if got != host {
				t.Fatalf("untrusted peer %q, header %q: client %q", peer, xff, got)
			}
			return
		}
		addr, err := netip.ParseAddr(got)
		if err != nil {
			t.Fatalf("peer %q, header %q: client %q is no address", peer, xff, got)
		}
		if isTrusted(addr, trusted) {
			for _, hop := range forwardedFor(r.Header) {
				if a, err := netip.ParseAddr(hop); err == nil && !isTrusted(a, trusted) && strings.HasSuffix(xff, hop) {
					t.Fatalf("peer %q, header %q: client is the proxy %q", peer, xff, got)
				}
			}
		}
	})
}

// FuzzCSRFToken: no header made without the key passes for a session, however it is shaped
// (one that decodes to the minted token's bytes is that token: base64 ignores the unused bits
// of its last character); a token minted for one session passes for that session only. `go
// test` runs the seeds.
func FuzzCSRFToken(f *testing.F) {
	signer := newCSRFSigner(config.Config{Secret: "fuzz-secret-fuzz-secret-fuzz-secret"})
	// A token made as mint makes one, from a fixed nonce: the same in every fuzzing process.
	nonce := []byte("0123456789abcdef")
	minted := base64.RawURLEncoding.EncodeToString(nonce) + "." + base64.RawURLEncoding.EncodeToString(signer.mac("session-a", nonce))
	for _, s := range []string{minted, "", ".", "a.b", minted + ".", "." + minted, strings.Repeat("A", 22) + "." + strings.Repeat("A", 43),
		strings.ToUpper(minted), minted[:len(minted)-1], "\x00.\x00", strings.Repeat(".", 1000)} {
		f.Add(s, "session-a")
		f.Add(s, "")
	}
	f.Fuzz(func(t *testing.T, token, session string) {
		if signer.valid(token, session) && (session != "session-a" || !sameBytes(token, minted)) {
			t.Fatalf("forged token %q passes for session %q", token, session)
		}
		if token == minted && signer.valid(token, session) != (session == "session-a") {
			t.Fatalf("a token minted for session-a judged %v for %q", signer.valid(token, session), session)
		}
	})
}

// sameBytes reports whether two tokens decode to the same nonce and MAC.
func sameBytes(a, b string) bool {
	decode := func(tok string) []byte {
		n, m, _ := strings.Cut(tok, ".")
		nb, err1 := base64.RawURLEncoding.DecodeString(n)
		mb, err2 := base64.RawURLEncoding.DecodeString(m)
		if err1 != nil || err2 != nil {
			return nil
		}
		return append(nb, mb...)
	}
	x, y := decode(a), decode(b)
	return x != nil && bytes.Equal(x, y)
}
