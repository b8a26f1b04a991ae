package httpapi

import (
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
			compressed.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}
