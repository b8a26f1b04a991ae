package httpapi

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestCompressAnswersGzipsLargeAPIAnswersOnly(t *testing.T) {
	large := `{"rows":"` + strings.Repeat("placement ", 300) + `"}`
	h := CompressAnswers(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/api/v1/small":
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"ok":true}`)
		case "/api/v1/image":
			w.Header().Set("Content-Type", "image/png")
			_, _ = io.WriteString(w, strings.Repeat("x", 4000))
		default:
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, large)
		}
	}))
	get := func(path, accept string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}

	rec := get("/api/v1/list", "gzip, br")
	if rec.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") {
		t.Fatalf("large JSON: encoding %q vary %q", rec.Header().Get("Content-Encoding"), rec.Header().Get("Vary"))
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(zr)
	if string(body) != large {
		t.Fatalf("decompressed answer differs: %d bytes", len(body))
	}
	for _, c := range []struct{ path, accept string }{
		{"/api/v1/list", ""},       // the client did not ask
		{"/api/v1/small", "gzip"},  // under the threshold
		{"/api/v1/image", "gzip"},  // already compressed
		{"/assets/app.js", "gzip"}, // the SPA's files carry their own build-time copies
	} {
		if rec := get(c.path, c.accept); rec.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s with %q: compressed", c.path, c.accept)
		}
	}
}
