package config

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func lookup(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func TestDefaults(t *testing.T) {
	c, err := FromLookup(lookup(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.DatabaseURL != "sqlite:./data/hive.db" || c.Addr != "127.0.0.1:8080" || c.DataDir != "./data" ||
		c.BaseURL != "http://127.0.0.1:8080" || c.SessionRememberLifetime != 720*time.Hour ||
		c.SessionIdleTimeout != 30*time.Minute || c.SessionLifetime != 12*time.Hour ||
		c.NotifyFoldWindow != 20*time.Second || c.NotifyInterval != 5*time.Second || c.DeadlineInterval != 30*time.Second || c.HSTS || len(c.TrustedProxies) != 0 || c.SecureCookies || c.Google.Configured() {
		t.Fatalf("defaults %+v", c)
	}
}

func TestOverridesAndErrors(t *testing.T) {
	c, err := FromLookup(lookup(map[string]string{"HIVE_BASE_URL": "https://hive.example/", "HIVE_ENV": "DEMO",
		"HIVE_GOOGLE_CLIENT_ID": "id", "HIVE_GOOGLE_CLIENT_SECRET": "secret",
		"HIVE_TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.7"}))
	if err != nil || c.TestClock || c.BaseURL != "https://hive.example" || !c.SecureCookies || !c.HSTS || len(c.TrustedProxies) != 2 ||
		c.TrustedProxies[1].String() != "192.168.1.7/32" || c.Env != "DEMO" || !c.Google.Configured() {
		t.Fatalf("%+v %v", c, err)
	}
	for name, env := range map[string]map[string]string{
		"bad env":             {"HIVE_ENV": "STAGING"},
		"bad idle":            {"HIVE_SESSION_IDLE_TIMEOUT": "forever"},
		"bad lifetime":        {"HIVE_SESSION_LIFETIME": "-1h"},
		"bad proxy":           {"HIVE_TRUSTED_PROXIES": "10.0.0.0/8,lb.example"},
		"bad hsts":            {"HIVE_HSTS": "sometimes"},
		"short secret":        {"HIVE_SECRET": "short"},
		"bad fold":            {"HIVE_NOTIFY_FOLD_WINDOW": "soon"},
		"neg fold":            {"HIVE_NOTIFY_FOLD_WINDOW": "-1s"},
		"zero poll":           {"HIVE_NOTIFY_INTERVAL": "0s"},
		"long poll":           {"HIVE_NOTIFY_INTERVAL": "25h"},
		"zero deadline sweep": {"HIVE_DEADLINE_INTERVAL": "0s"},
		"prod clock":          {"HIVE_TEST_CLOCK": "true"},
		"PROD clock":          {"HIVE_ENV": "PROD", "HIVE_TEST_CLOCK": "true"},
		"demo clock":          {"HIVE_ENV": "DEMO", "HIVE_TEST_CLOCK": "true"},
		"bad clock":           {"HIVE_ENV": "DEV", "HIVE_TEST_CLOCK": "fast"},
		"bad ssl":             {"HIVE_S3_USE_SSL": "maybe"},
		"bad caldav private":  {"HIVE_CALDAV_ALLOW_PRIVATE": "maybe"},
	} {
		if _, err := FromLookup(lookup(env)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if !strings.Contains(Help(), "HIVE_DATABASE_URL") {
		t.Error("help lacks the variables")
	}
}

// The test clock runs only in a development environment: a demo may face the internet, where
// moving the clock would end every session and reset login limits.
func TestTestClockOnlyInDevelopment(t *testing.T) {
	for _, env := range []string{"DEV", "LOCAL DEV"} {
		c, err := FromLookup(lookup(map[string]string{"HIVE_ENV": env, "HIVE_TEST_CLOCK": "yes"}))
		if err != nil || !c.TestClock {
			t.Errorf("%s: %+v %v", env, c.TestClock, err)
		}
	}
	for _, env := range []string{"", "PROD", "DEMO"} {
		_, err := FromLookup(lookup(map[string]string{"HIVE_ENV": env, "HIVE_TEST_CLOCK": "true"}))
		if !errors.Is(err, ErrTestClockEnv) {
			t.Errorf("HIVE_ENV %q with the test clock: %v", env, err)
		}
	}
}

// Administrators may go without a second factor only in a development environment; everywhere
// else, and by default, they must enrol one.
func TestAdminSecondFactorOptionalOnlyInDevelopment(t *testing.T) {
	if c, err := FromLookup(lookup(nil)); err != nil || c.AdminSecondFactorOptional {
		t.Errorf("default: optional %v, %v", c.AdminSecondFactorOptional, err)
	}
	for _, env := range []string{"DEV", "LOCAL DEV"} {
		c, err := FromLookup(lookup(map[string]string{"HIVE_ENV": env, "HIVE_ADMIN_SECOND_FACTOR": "optional"}))
		if err != nil || !c.AdminSecondFactorOptional {
			t.Errorf("%s: %+v %v", env, c.AdminSecondFactorOptional, err)
		}
	}
	for _, env := range []string{"", "PROD", "DEMO"} {
		_, err := FromLookup(lookup(map[string]string{"HIVE_ENV": env, "HIVE_ADMIN_SECOND_FACTOR": "optional"}))
		if !errors.Is(err, ErrAdminSecondFactorEnv) {
			t.Errorf("HIVE_ENV %q with optional: %v", env, err)
		}
	}
	if _, err := FromLookup(lookup(map[string]string{"HIVE_ADMIN_SECOND_FACTOR": "sometimes"})); err == nil {
		t.Error("an unknown value was accepted")
	}
}

// Mailed links are printed to the log only in a badged, non-production environment: an empty
// HIVE_ENV is production, as its help says.
func TestIsProduction(t *testing.T) {
	for env, want := range map[string]bool{"": true, "PROD": true, "DEV": false, "LOCAL DEV": false, "DEMO": false} {
		if got := (Config{Env: env}).IsProduction(); got != want {
			t.Errorf("Env %q: IsProduction() = %v, want %v", env, got, want)
		}
	}
}

// The browser journeys shorten the notification worker's fold window and poll; 0 folds nothing.
func TestNotifyDurations(t *testing.T) {
	c, err := FromLookup(lookup(map[string]string{"HIVE_NOTIFY_FOLD_WINDOW": "1s", "HIVE_NOTIFY_INTERVAL": "200ms"}))
	if err != nil || c.NotifyFoldWindow != time.Second || c.NotifyInterval != 200*time.Millisecond {
		t.Fatalf("%v %v %v", c.NotifyFoldWindow, c.NotifyInterval, err)
	}
	c, err = FromLookup(lookup(map[string]string{"HIVE_NOTIFY_FOLD_WINDOW": "0"}))
	if err != nil || c.NotifyFoldWindow != 0 {
		t.Fatalf("%v %v", c.NotifyFoldWindow, err)
	}
}

func TestDocuSeal(t *testing.T) {
	c, err := FromLookup(lookup(map[string]string{"HIVE_DOCUSEAL_URL": "https://docuseal.example/",
		"HIVE_DOCUSEAL_API_KEY": "key", "HIVE_DOCUSEAL_USER_EMAIL": "owner@docuseal.example"}))
	if err != nil || !c.DocuSeal.Configured() || c.DocuSeal.URL != "https://docuseal.example" ||
		c.DocuSeal.WebhookSecret != "" {
		t.Fatalf("%+v %v", c.DocuSeal, err)
	}
	if c, err := FromLookup(lookup(map[string]string{"HIVE_DOCUSEAL_URL": "https://docuseal.example"})); err != nil ||
		c.DocuSeal.Configured() {
		t.Fatalf("a URL without a key is off, not an error: %+v %v", c.DocuSeal, err)
	}
	for name, env := range map[string]map[string]string{
		"no user e-mail": {"HIVE_DOCUSEAL_URL": "https://docuseal.example", "HIVE_DOCUSEAL_API_KEY": "key"},
		"not an origin": {"HIVE_DOCUSEAL_URL": "https://docuseal.example/app", "HIVE_DOCUSEAL_API_KEY": "key",
			"HIVE_DOCUSEAL_USER_EMAIL": "owner@docuseal.example"},
		"not http": {"HIVE_DOCUSEAL_URL": "javascript:alert(1)", "HIVE_DOCUSEAL_API_KEY": "key",
			"HIVE_DOCUSEAL_USER_EMAIL": "owner@docuseal.example"},
	} {
		if _, err := FromLookup(lookup(env)); err == nil || !strings.Contains(err.Error(), "HIVE_DOCUSEAL_") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
