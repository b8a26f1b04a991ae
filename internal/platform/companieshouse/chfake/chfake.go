// Package chfake is an in-process fake of the Companies House API for tests, serving recorded
// response shapes from testdata/.
package chfake

import (
	"embed"
	"net/http"
	"net/http/httptest"
	"testing"
)

//go:embed testdata/*.json
var fixtures embed.FS

// Key is the API key the fake accepts.
const Key = "test-key"

// The company numbers the fake knows.
const (
	Active    = "09876543" // NORTHERN LIGHTS BROADCAST SERVICES LIMITED, active
	Dissolved = "SC412345" // GLEN ROTHES OUTSIDE BROADCAST LTD, dissolved
	Broken    = "99999999" // answers 500
)

// Start serves the fake until the test ends: basic auth with Key (empty password), the two
// companies above, 500 for Broken and 404 with the API's error body for any other number.
func Start(t testing.TB) *httptest.Server {
	t.Helper()
	read := func(name string) []byte {
		data, err := fixtures.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		user, pass, ok := r.BasicAuth()
		if !ok || user != Key || pass != "" {
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write(read("unauthorized.json"))
			return
		}
		switch r.URL.Path {
		case "/company/" + Active:
			_, _ = w.Write(read("company-active.json"))
		case "/company/" + Dissolved:
			_, _ = w.Write(read("company-dissolved.json"))
		case "/company/" + Broken:
			w.WriteHeader(http.StatusInternalServerError)
		default:
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write(read("not-found.json"))
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}
