package config

import (
	"fmt"
	"net/url"
	"regexp"
	"strconv"
)

// AnalyticsEmbed is the analytics dashboard /dashboard may embed (Metabase-style signed
// embedding, docs/dashboard.md): HIVE_ANALYTICS_EMBED_URL names it, e.g.
// https://analytics.example.com/dashboard/12, and HIVE_ANALYTICS_EMBED_SECRET signs its tokens.
type AnalyticsEmbed struct {
	SiteURL  string // the product's address, e.g. https://analytics.example.com
	Resource string // "dashboard" or "question"
	ID       int64  // the resource's number
	Secret   string // the embedding secret key (HS256)
}

// Configured reports whether the embed is set.
func (a AnalyticsEmbed) Configured() bool { return a.SiteURL != "" && a.Secret != "" }

var analyticsPath = regexp.MustCompile(`^(.*)/(dashboard|question)/([0-9]+)/?$`)

// analyticsEmbed reads and checks the two settings: both or neither, an http(s) address ending
// in /dashboard/ID or /question/ID, a secret of at least 32 characters.
func analyticsEmbed(get func(name, def string) string) (AnalyticsEmbed, error) {
	address, secret := get("HIVE_ANALYTICS_EMBED_URL", ""), get("HIVE_ANALYTICS_EMBED_SECRET", "")
	switch {
	case address == "" && secret == "":
		return AnalyticsEmbed{}, nil
	case address == "":
		return AnalyticsEmbed{}, fmt.Errorf("HIVE_ANALYTICS_EMBED_URL: required with HIVE_ANALYTICS_EMBED_SECRET")
	case len(secret) < 32:
		return AnalyticsEmbed{}, fmt.Errorf("HIVE_ANALYTICS_EMBED_SECRET: use at least 32 characters with HIVE_ANALYTICS_EMBED_URL")
	}
	u, err := url.Parse(address)
	var m []string
	if err == nil {
		m = analyticsPath.FindStringSubmatch(u.Path)
	}
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || m == nil || u.RawQuery != "" {
		return AnalyticsEmbed{}, fmt.Errorf("HIVE_ANALYTICS_EMBED_URL: %q is not an http(s) address ending in /dashboard/ID or /question/ID", address)
	}
	id, err := strconv.ParseInt(m[3], 10, 64)
	if err != nil || id <= 0 {
		return AnalyticsEmbed{}, fmt.Errorf("HIVE_ANALYTICS_EMBED_URL: %q has no valid id", address)
	}
	return AnalyticsEmbed{SiteURL: u.Scheme + "://" + u.Host + m[1], Resource: m[2], ID: id, Secret: secret}, nil
}
