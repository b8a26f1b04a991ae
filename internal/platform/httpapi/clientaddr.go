package httpapi

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// clientAddr is the address a request came from. It is the TCP peer, unless the peer is one of
// the trusted proxies: then X-Forwarded-For is read from the right (each proxy appends the
// address it received from) and the first address that is not itself a trusted proxy is the
// client. Anyone can write X-Forwarded-For, so it is never read from an untrusted peer, and
// only the entries our own proxies appended are believed.
func clientAddr(r *http.Request, trusted []netip.Prefix) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil || !isTrusted(peer, trusted) {
		return host
	}
	client := peer
	hops := forwardedFor(r.Header)
	for i := len(hops) - 1; i >= 0; i-- {
		addr, err := netip.ParseAddr(hops[i])
		if err != nil {
			break // garbage that a trusted proxy passed on: stop at the last address we know
		}
		client = addr.Unmap()
		if !isTrusted(client, trusted) {
			break
		}
	}
	return client.String()
}

// forwardedFor lists the addresses of every X-Forwarded-For header, in order.
func forwardedFor(h http.Header) []string {
	var hops []string
	for _, v := range h.Values("X-Forwarded-For") {
		for _, part := range strings.Split(v, ",") {
			if part = strings.TrimSpace(part); part != "" {
				hops = append(hops, part)
			}
		}
	}
	return hops
}

func isTrusted(addr netip.Addr, trusted []netip.Prefix) bool {
	addr = addr.Unmap()
	for _, p := range trusted {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}
