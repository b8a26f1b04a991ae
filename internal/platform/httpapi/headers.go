package httpapi

import (
	"net/http"
	"strings"

	"github.com/hive/hive/internal/platform/config"
)

// HSTS is the Strict-Transport-Security value: a year, subdomains included.
const HSTS = "max-age=31536000; includeSubDomains"

// SecurityHeaders sets the headers every response carries: a CSP without inline scripts, no
// framing, no MIME sniffing, a strict referrer policy, HSTS when cfg.HSTS is on, and no-store
// on API answers.
func SecurityHeaders(cfg config.Config, next http.Handler) http.Handler {
	csp := ContentSecurityPolicy(cfg)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if cfg.HSTS {
			h.Set("Strict-Transport-Security", HSTS)
		}
		if strings.HasPrefix(r.URL.Path, Prefix) {
			// API answers carry personal data: no browser or proxy keeps them (ASVS V8.2.1).
			// Operations that may be cached (a profile image) set their own Cache-Control.
			h.Set("Cache-Control", "no-store")
		}
		next.ServeHTTP(w, r)
	})
}

// ContentSecurityPolicy is the CSP for cfg. Images load only from Hive itself (and data:/blob:
// URLs the UI makes for previews) and from the S3 blob store when one is configured: any other
// origin would let a markdown image in a note or CV tell a third party who viewed it and when.
func ContentSecurityPolicy(cfg config.Config) string {
	img := []string{"'self'", "data:", "blob:"}
	img = append(img, blobStoreOrigins(cfg.S3)...)
	// DocuSeal's form builder is a script from the configured DocuSeal (never a CDN) that draws
	// the documents and talks to its own server: that one origin joins scripts, styles, images,
	// fonts, connections and frames, and only when DocuSeal is configured.
	ds, frames := "", ""
	if cfg.DocuSeal.Configured() {
		ds = " " + cfg.DocuSeal.URL
		frames = "frame-src 'self'" + ds + "; "
	}
	return "default-src 'self'; script-src 'self'" + ds + "; style-src 'self' 'unsafe-inline'" + ds + "; " +
		"img-src " + strings.Join(img, " ") + ds + "; font-src 'self' data:" + ds + "; connect-src 'self'" + ds + "; " +
		frames + "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"
}

// blobStoreOrigins are the origins an S3 store answers on: path-style (endpoint/bucket) and
// virtual-host style (bucket.endpoint), which AWS uses.
func blobStoreOrigins(s3 config.S3Config) []string {
	if s3.Bucket == "" || s3.Endpoint == "" {
		return nil
	}
	scheme := "http://"
	if s3.UseSSL {
		scheme = "https://"
	}
	return []string{scheme + s3.Endpoint, scheme + s3.Bucket + "." + s3.Endpoint}
}
