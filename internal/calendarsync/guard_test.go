package calendarsync

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"sync/atomic"
	"testing"
)

// Without AllowPrivate, Hive connects to no loopback, private, link-local (the cloud metadata
// service), unspecified or multicast address, and to public ones only over http(s).
func TestRefusedAddresses(t *testing.T) {
	for _, a := range []string{"127.0.0.1", "127.0.0.2", "::1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "fd00::1",
		"169.254.169.254", "fe80::1", "0.0.0.0", "::", "224.0.0.1", "ff02::1", "255.255.255.255", "::ffff:127.0.0.1", "::ffff:169.254.169.254"} {
		if !Refused(netip.MustParseAddr(a)) {
			t.Errorf("%s is not refused", a)
		}
	}
	for _, a := range []string{"8.8.8.8", "17.253.144.10", "2a00:1450:4009:81f::200e", "172.32.0.1"} {
		if Refused(netip.MustParseAddr(a)) {
			t.Errorf("%s is refused", a)
		}
	}
}

// counted is a server on addr that counts the requests it received.
func counted(t *testing.T, addr string, h http.HandlerFunc) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Skipf("cannot listen on %s: %v", addr, err)
	}
	var n atomic.Int32
	s := &httptest.Server{Listener: ln, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		h(w, r)
	})}}
	s.Start()
	t.Cleanup(s.Close)
	return s, &n
}

func wantPrivate(t *testing.T, what string, err error) {
	t.Helper()
	var se *syncError
	if !errors.As(err, &se) || se.msg != MsgPrivateAddress || err.Error() != MsgPrivateAddress {
		t.Errorf("%s: got %v, want %q", what, err, MsgPrivateAddress)
	}
}

// Discovery refuses a server on loopback, by address and by a name that resolves to it, and the
// cloud metadata address, before a request is sent; with AllowPrivate it reaches the loopback one.
func TestDiscoveryRefusesPrivateAddresses(t *testing.T) {
	srv, hits := counted(t, "127.0.0.1:0", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusUnauthorized)
	})
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	refuse := NewNetwork(false)
	ctx := context.Background()
	for _, u := range []string{srv.URL + "/", "http://localhost:" + port + "/", "http://169.254.169.254/", "http://[::1]:" + port + "/"} {
		_, err := refuse.Discover(ctx, Account{URL: u, Username: "u", Password: "p"})
		wantPrivate(t, u, err)
	}
	if hits.Load() != 0 {
		t.Fatalf("the refused server received %d requests", hits.Load())
	}
	for _, u := range []string{"ftp://example.com/", "file:///etc/passwd", "gopher://127.0.0.1/"} {
		if _, err := refuse.Discover(ctx, Account{URL: u, Username: "u", Password: "p"}); err == nil || err.Error() != MsgURL {
			t.Errorf("%s: got %v, want %q", u, err, MsgURL)
		}
	}
	// Allowed, the request reaches the server (which refuses the credentials).
	if _, err := NewNetwork(true).Discover(ctx, Account{URL: srv.URL + "/", Username: "u", Password: "p"}); err == nil || err.Error() != MsgRefused {
		t.Fatalf("allowed: got %v, want %q", err, MsgRefused)
	}
	if hits.Load() == 0 {
		t.Fatal("allowed, the server received no request")
	}
}

// A server Hive may reach that redirects to a private address is not followed there.
func TestRedirectToAPrivateAddressIsRefused(t *testing.T) {
	private, hits := counted(t, "127.0.0.2:0", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusMultiStatus)
	})
	public, _ := counted(t, "127.0.0.1:0", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, private.URL+"/", http.StatusMovedPermanently)
	})
	n := NewNetwork(false)
	// 127.0.0.1 stands for a public address here: everything else private stays refused.
	n.exempt = func(ip netip.Addr) bool { return ip == netip.MustParseAddr("127.0.0.1") }
	_, err := n.Discover(context.Background(), Account{URL: public.URL + "/", Username: "u", Password: "p"})
	wantPrivate(t, "redirect", err)
	if hits.Load() != 0 {
		t.Fatalf("the private server received %d requests", hits.Load())
	}
}
