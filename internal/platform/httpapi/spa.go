package httpapi

import (
	"bytes"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"
)

// The web app manifest's type (RFC-less, from the W3C Web App Manifest): Go's built-in table
// and some systems' mime.types lack it, and browsers want it exact.
func init() { _ = mime.AddExtensionType(".webmanifest", "application/manifest+json") }

// revalidated are the files a browser must check with the server on every load: the service
// worker (a browser may otherwise keep an old one up to a day, and with it an old app) and the
// manifest. Everything else outside assets/ is revalidated by its Last-Modified anyway.
var revalidated = map[string]bool{"sw.js": true, "manifest.webmanifest": true}

// precompressed are the encodings the build writes beside each compressible file
// (web/scripts/precompress.mjs), in the order the server prefers them.
var precompressed = []struct{ coding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// SPA serves the built web app: files by path, with long caching for Vite's hashed assets,
// and index.html for every other path so client-side routes load the app. A file is sent in the
// best build-time encoding the browser accepts (Brotli, then gzip), so no request compresses.
func SPA(dist fs.FS) http.Handler {
	index, indexErr := fs.ReadFile(dist, "index.html")
	indexVariants := map[string][]byte{}
	for _, p := range precompressed {
		if b, err := fs.ReadFile(dist, "index.html"+p.suffix); err == nil {
			indexVariants[p.coding] = b
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" && name != "index.html" {
			if st, err := fs.Stat(dist, name); err == nil && !st.IsDir() {
				switch {
				case strings.HasPrefix(name, "assets/"):
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				case revalidated[name]:
					w.Header().Set("Cache-Control", "no-cache")
				}
				serveFile(w, r, dist, name)
				return
			}
			if strings.HasPrefix(name, "assets/") || path.Ext(name) != "" {
				http.NotFound(w, r)
				return
			}
		}
		if indexErr != nil {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte("The web app is not built into this binary. Run `make build`.\n"))
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		body := index
		if len(indexVariants) > 0 {
			w.Header().Add("Vary", "Accept-Encoding")
			for _, p := range precompressed {
				if b, ok := indexVariants[p.coding]; ok && acceptsEncoding(r, p.coding) {
					w.Header().Set("Content-Encoding", p.coding)
					body = b
					break
				}
			}
		}
		http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(body))
	})
}

// serveFile sends dist's file name, or its precompressed copy when the browser accepts one. The
// Content-Type is the original file's; ServeContent handles conditional and range requests
// over the bytes sent.
func serveFile(w http.ResponseWriter, r *http.Request, dist fs.FS, name string) {
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		w.Header().Set("Content-Type", ct)
	}
	send := name
	varies := false
	for _, p := range precompressed {
		if _, err := fs.Stat(dist, name+p.suffix); err != nil {
			continue
		}
		varies = true
		if send == name && acceptsEncoding(r, p.coding) {
			send = name + p.suffix
			w.Header().Set("Content-Encoding", p.coding)
		}
	}
	if varies {
		w.Header().Add("Vary", "Accept-Encoding")
	}
	f, err := dist.Open(send)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		http.NotFound(w, r)
		return
	}
	if rs, ok := f.(io.ReadSeeker); ok {
		http.ServeContent(w, r, name, st.ModTime(), rs)
		return
	}
	b, err := fs.ReadFile(dist, send)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	http.ServeContent(w, r, name, st.ModTime(), bytes.NewReader(b))
}

// acceptsEncoding reports whether the request's Accept-Encoding allows coding: listed by name
// or by '*', and not with q=0 (RFC 9110 §12.5.3).
func acceptsEncoding(r *http.Request, coding string) bool {
	wildcard := false
	for _, h := range r.Header.Values("Accept-Encoding") {
		for _, part := range strings.Split(h, ",") {
			token, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			token = strings.ToLower(strings.TrimSpace(token))
			refused := isZeroQuality(params)
			switch token {
			case coding:
				return !refused
			case "*":
				wildcard = !refused
			}
		}
	}
	return wildcard
}

// isZeroQuality reports whether an Accept-Encoding entry's parameters give q=0.
func isZeroQuality(params string) bool {
	for _, p := range strings.Split(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
			v = strings.TrimSpace(v)
			return strings.Trim(v, "0.") == "" && v != ""
		}
	}
	return false
}
