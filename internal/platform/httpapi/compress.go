package httpapi

import (
	"bufio"
	"net"
	"net/http"
	"strings"

	"github.com/klauspost/compress/gzhttp"
)

// compressedTypes are the answers worth compressing: the API's JSON and problem documents, and
// the text exports (reports' CSV, the calendar feed). Images and documents are compressed already.
var compressedTypes = []string{
	"application/json", "application/problem+json", "text/csv", "text/calendar", "text/plain",
}

// CompressAnswers gzips API answers over about 1 KB for clients that accept it; the web app's
// own files are compressed at build time (SPA), so only /api/ passes through here. A few random
// bytes in the gzip header (gzhttp's Heal-the-Breach jitter) keep an answer's length from
// telling an attacker who reflects input what a secret beside it contains (BREACH).
func CompressAnswers(next http.Handler) http.Handler {
	wrap, err := gzhttp.NewWrapper(
		gzhttp.MinSize(1024),
		gzhttp.ContentTypes(compressedTypes),
		gzhttp.RandomJitter(32, 0, false),
	)
	if err != nil { // only for invalid options, which are fixed above
		panic(err)
	}
	compressed := wrap(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			compressed.ServeHTTP(hijackable{w}, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// hijackable lets the gzip writer reach the connection through the writers wrapped around it:
// gzhttp hijacks only a writer that is itself a Hijacker, while ours unwrap (http.ResponseController).
// A report that fails half way cuts the connection this way, so a short file never looks whole.
type hijackable struct{ http.ResponseWriter }

func (h hijackable) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	return http.NewResponseController(h.ResponseWriter).Hijack()
}

func (h hijackable) Flush() { _ = http.NewResponseController(h.ResponseWriter).Flush() }

func (h hijackable) Unwrap() http.ResponseWriter { return h.ResponseWriter }
