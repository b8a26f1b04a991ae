package config

import (
	"strings"
	"testing"
)

func TestAnalyticsEmbedSettings(t *testing.T) {
	secret := strings.Repeat("k", 32)
	c, err := FromLookup(lookup(nil))
	if err != nil || c.Analytics.Configured() {
		t.Fatalf("default %+v %v", c.Analytics, err)
	}
	c, err = FromLookup(lookup(map[string]string{"HIVE_ANALYTICS_EMBED_URL": "https://bi.example.com/metabase/dashboard/12/",
		"HIVE_ANALYTICS_EMBED_SECRET": secret}))
	if err != nil || !c.Analytics.Configured() || c.Analytics != (AnalyticsEmbed{SiteURL: "https://bi.example.com/metabase",
		Resource: "dashboard", ID: 12, Secret: secret}) {
		t.Fatalf("set %+v %v", c.Analytics, err)
	}
	for name, env := range map[string]map[string]string{
		"url without secret": {"HIVE_ANALYTICS_EMBED_URL": "https://bi.example.com/dashboard/1"},
		"secret without url": {"HIVE_ANALYTICS_EMBED_SECRET": secret},
		"short secret":       {"HIVE_ANALYTICS_EMBED_URL": "https://bi.example.com/dashboard/1", "HIVE_ANALYTICS_EMBED_SECRET": "short"},
		"no resource":        {"HIVE_ANALYTICS_EMBED_URL": "https://bi.example.com/", "HIVE_ANALYTICS_EMBED_SECRET": secret},
		"not http":           {"HIVE_ANALYTICS_EMBED_URL": "ftp://bi.example.com/dashboard/1", "HIVE_ANALYTICS_EMBED_SECRET": secret},
		"unknown resource":   {"HIVE_ANALYTICS_EMBED_URL": "https://bi.example.com/table/1", "HIVE_ANALYTICS_EMBED_SECRET": secret},
		"id zero":            {"HIVE_ANALYTICS_EMBED_URL": "https://bi.example.com/question/0", "HIVE_ANALYTICS_EMBED_SECRET": secret},
		"query string":       {"HIVE_ANALYTICS_EMBED_URL": "https://bi.example.com/dashboard/1?x=1", "HIVE_ANALYTICS_EMBED_SECRET": secret},
	} {
		if _, err := FromLookup(lookup(env)); err == nil || !strings.Contains(err.Error(), "HIVE_ANALYTICS_EMBED_") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
