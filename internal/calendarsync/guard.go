package calendarsync

import (
	"errors"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"
)

// Network is how Hive's server reaches the CalDAV addresses freelancers type. The address is
// theirs to choose, so by default the server refuses to connect to its own machine, its private
// network and the cloud's metadata service (server-side request forgery): every connection is
// checked when it is dialled, after DNS, so a name that resolves to a private address, a name
// whose answer changes between two lookups and a redirect to a private address are all refused.
type Network struct {
	// AllowPrivate lets Hive connect to loopback and private addresses: a self-hosted server
	// on the LAN, and the tests' radicale on 127.0.0.1 (HIVE_CALDAV_ALLOW_PRIVATE).
	AllowPrivate bool
	// exempt, when set, lets through the refused addresses it answers true for (tests only).
	exempt func(netip.Addr) bool
	client *http.Client
}

// NewNetwork is the network Hive reaches CalDAV servers through.
func NewNetwork(allowPrivate bool) *Network {
	n := &Network{AllowPrivate: allowPrivate}
	dialer := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second, Control: n.control}
	// No proxy from the environment: the check must see the address the request reaches.
	transport := &http.Transport{DialContext: dialer.DialContext, ForceAttemptHTTP2: true,
		MaxIdleConnsPerHost: 4, IdleConnTimeout: 90 * time.Second, TLSHandshakeTimeout: 10 * time.Second}
	n.client = &http.Client{Transport: transport, Timeout: 30 * time.Second,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if req.URL.Scheme != "https" && req.URL.Scheme != "http" {
				return errPrivate
			}
			if len(via) >= 5 {
				return errors.New("calendar server: too many redirects")
			}
			return nil
		}}
	return n
}

// errPrivate is a connection refused because of where it leads.
var errPrivate = &syncError{msg: MsgPrivateAddress}

// control refuses a connection to a refused address (a net.Dialer's Control: address is the
// resolved IP and port).
func (n *Network) control(_, address string, _ syscall.RawConn) error {
	if n.AllowPrivate {
		return nil
	}
	ap, err := netip.ParseAddrPort(address)
	if err != nil || (Refused(ap.Addr()) && (n.exempt == nil || !n.exempt(ap.Addr().Unmap()))) {
		return errPrivate
	}
	return nil
}

// Refused reports whether ip is an address Hive does not connect to without AllowPrivate:
// loopback, private (RFC 1918, fc00::/7), link-local (169.254/16 with the cloud metadata
// service, fe80::/10), unspecified, "this network" (0/8), broadcast and multicast.
func Refused(ip netip.Addr) bool {
	ip = ip.Unmap()
	return !ip.IsValid() || ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() ||
		ip.IsLinkLocalMulticast() || ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified() ||
		(ip.Is4() && (ip.As4()[0] == 0 || ip == netip.AddrFrom4([4]byte{255, 255, 255, 255})))
}
