// Package nettest is test support for code that talks to other servers: the address of one
// that is down, to check how a dependency out of reach (a database, SMTP, S3) is answered.
package nettest

import (
	"net"
	"testing"
)

// ClosedAddr returns a loopback host:port nothing listens on, so a connection to it is
// refused at once: it is bound to find a free port, then let go.
func ClosedAddr(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}
