package httpapi

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

func TestSPA(t *testing.T) {
	h := SPA(fstest.MapFS{
		"index.html":      {Data: []byte("<html>app</html>")},
		"assets/app-1.js": {Data: []byte("js")},
		"favicon.svg":     {Data: []byte("<svg/>")},
	})
	cases := []struct {
		path   string
		status int
		body   string
		cache  string
	}{
		{"/", 200, "<html>app</html>", "no-cache"},
		{"/bookings/12/edit", 200, "<html>app</html>", "no-cache"},
		{"/assets/app-1.js", 200, "js", "public, max-age=31536000, immutable"},
		{"/assets/missing.js", 404, "", ""},
		{"/favicon.svg", 200, "<svg/>", ""},
	}
	for _, c := range cases {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, c.path, nil))
		if rec.Code != c.status || (c.body != "" && rec.Body.String() != c.body) || rec.Header().Get("Cache-Control") != c.cache {
			t.Errorf("%s: %d %q cache %q", c.path, rec.Code, rec.Body.String(), rec.Header().Get("Cache-Control"))
		}
	}
	rec := httptest.NewRecorder()
	SPA(fstest.MapFS{}).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	if rec.Code != http.StatusServiceUnavailable {
		t.Errorf("unbuilt app: %d", rec.Code)
	}
}
