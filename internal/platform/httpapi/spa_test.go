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

func TestSPASendsTheBuildsCompressedCopyTheBrowserAccepts(t *testing.T) {
	h := SPA(fstest.MapFS{
		"index.html":         {Data: []byte("<html>app</html>")},
		"index.html.br":      {Data: []byte("br-index")},
		"assets/app-1.js":    {Data: []byte("js")},
		"assets/app-1.js.br": {Data: []byte("br-js")},
		"assets/app-1.js.gz": {Data: []byte("gz-js")},
		"assets/small.js":    {Data: []byte("s")},
	})
	cases := []struct {
		path, accept, body, encoding, vary, contentType string
	}{
		{"/assets/app-1.js", "gzip, deflate, br", "br-js", "br", "Accept-Encoding", "text/javascript; charset=utf-8"},
		{"/assets/app-1.js", "gzip", "gz-js", "gzip", "Accept-Encoding", "text/javascript; charset=utf-8"},
		{"/assets/app-1.js", "br;q=0, gzip;q=0.5", "gz-js", "gzip", "Accept-Encoding", "text/javascript; charset=utf-8"},
		{"/assets/app-1.js", "*", "br-js", "br", "Accept-Encoding", "text/javascript; charset=utf-8"},
		{"/assets/app-1.js", "*;q=0", "js", "", "Accept-Encoding", "text/javascript; charset=utf-8"},
		{"/assets/app-1.js", "", "js", "", "Accept-Encoding", "text/javascript; charset=utf-8"},
		{"/assets/small.js", "br", "s", "", "", "text/javascript; charset=utf-8"},
		{"/bookings", "br", "br-index", "br", "Accept-Encoding", "text/html; charset=utf-8"},
		{"/bookings", "gzip", "<html>app</html>", "", "Accept-Encoding", "text/html; charset=utf-8"},
	}
	for _, c := range cases {
		req := httptest.NewRequest(http.MethodGet, c.path, nil)
		if c.accept != "" {
			req.Header.Set("Accept-Encoding", c.accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		got := rec.Header()
		if rec.Code != 200 || rec.Body.String() != c.body || got.Get("Content-Encoding") != c.encoding ||
			got.Get("Vary") != c.vary || got.Get("Content-Type") != c.contentType {
			t.Errorf("%s (Accept-Encoding %q): %d %q encoding %q vary %q type %q", c.path, c.accept, rec.Code,
				rec.Body.String(), got.Get("Content-Encoding"), got.Get("Vary"), got.Get("Content-Type"))
		}
	}
}

// TestSPAServesTheInstallableAppsFiles: the manifest with its exact type, the service worker as
// JavaScript, both revalidated on every load (an old worker would keep an old app), and the
// worker's precompressed copy when the browser accepts it.
func TestSPAServesTheInstallableAppsFiles(t *testing.T) {
	worker := []byte("self.addEventListener('push', () => {});")
	h := SPA(fstest.MapFS{
		"index.html":           {Data: []byte("<html>app</html>")},
		"manifest.webmanifest": {Data: []byte(`{"name":"Hive"}`)},
		"sw.js":                {Data: worker},
		"sw.js.gz":             {Data: []byte("gzipped")},
		"icons/icon-192.png":   {Data: []byte("png")},
	})
	cases := []struct{ path, accept, ctype, cache, encoding string }{
		{"/manifest.webmanifest", "", "application/manifest+json", "no-cache", ""},
		{"/sw.js", "", "text/javascript; charset=utf-8", "no-cache", ""},
		{"/sw.js", "gzip", "text/javascript; charset=utf-8", "no-cache", "gzip"},
		{"/icons/icon-192.png", "", "image/png", "", ""},
	}
	for _, c := range cases {
		req := httptest.NewRequest(http.MethodGet, c.path, nil)
		if c.accept != "" {
			req.Header.Set("Accept-Encoding", c.accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		got := rec.Header()
		if rec.Code != 200 || got.Get("Content-Type") != c.ctype || got.Get("Cache-Control") != c.cache ||
			got.Get("Content-Encoding") != c.encoding {
			t.Errorf("%s (%s): %d type %q cache %q encoding %q", c.path, c.accept, rec.Code, got.Get("Content-Type"),
				got.Get("Cache-Control"), got.Get("Content-Encoding"))
		}
	}
}
