// Package config turns HIVE_* environment variables into a typed Config.
package config

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"time"
)

// Config is every setting Hive reads from its environment. Each has a safe default for the
// embedded, single-machine setup.
type Config struct {
	DatabaseURL string // sqlite:PATH or postgres://...
	Addr        string // listen address
	DataDir     string // blobs and other files
	Env         string // "", DEV, LOCAL DEV, DEMO, PROD: shown as a badge in the UI
	BaseURL     string // public address used in mail links and OAuth redirects
	SMTPURL     string // smtp://user:pass@host:port; empty prints mail to the log
	MailFrom    string
	BuildID     string
	// Secret keys the sealed OAuth flow cookie; every node must share it.
	Secret string
	// VAPID is the Web Push key pair and contact; a pair left unset is made and stored in the
	// database on first start (internal/notifications/push).
	VAPID VAPID

	Google   OAuthClient
	LinkedIn OAuthClient
	// GoogleCalDAVURL is Google Calendar's CalDAV endpoint, reached with the Google OAuth client
	// (HIVE_GOOGLE_CLIENT_ID and _SECRET) when a freelancer connects Google Calendar.
	GoogleCalDAVURL string

	SecureCookies bool
	// Session limits (OWASP ASVS 4.0 level 2, V3.3): a session ends after SessionIdleTimeout
	// without a request unless the user chose 'keep me signed in', and always after
	// SessionLifetime (SessionRememberLifetime when kept signed in).
	SessionIdleTimeout      time.Duration
	SessionLifetime         time.Duration
	SessionRememberLifetime time.Duration
	// SessionCacheTTL is how long a node reuses a session's principal without reading it
	// (internal/accounts, store_sessioncache.go); revocations end the copies at once; 0 for no cache.
	SessionCacheTTL time.Duration

	// NotifyFoldWindow is how long a booking change waits before it is told, so a burst of
	// changes to one placement reaches each recipient as one mail; 0 tells at once.
	// NotifyInterval is how often the notification worker looks for changes to tell.
	NotifyFoldWindow time.Duration
	NotifyInterval   time.Duration
	// DeadlineInterval is how often the deadlines worker expires and reminds of offers past or
	// near their answer-by time (internal/bookings, deadlines.go).
	DeadlineInterval time.Duration

	// DrainDelay is how long `hive serve` keeps serving after SIGTERM with its readiness probe
	// answering 503, so the load balancer stops sending before the listener closes (0 with no
	// balancer in front).
	DrainDelay time.Duration

	// TrustedProxies are the addresses whose X-Forwarded-For header is believed (the load
	// balancers in front of Hive); from anyone else the TCP peer is the client.
	TrustedProxies []netip.Prefix
	// HSTS sends Strict-Transport-Security; on by default when BaseURL is https.
	HSTS bool

	// CalDAVAllowPrivate lets calendar sync connect to loopback and private addresses (a
	// self-hosted CalDAV server on the LAN; the tests' radicale): off, such addresses are refused.
	CalDAVAllowPrivate bool

	// CompaniesHouseAPIKey enables company lookups; empty checks only the number's format.
	CompaniesHouseAPIKey string
	CompaniesHouseURL    string

	// S3 selects an S3-compatible blob store when Bucket is set; otherwise blobs live in DataDir/blobs.
	S3 S3Config

	// DocuSeal enables document signing with DocuSeal when its URL and API key are set.
	DocuSeal DocuSeal

	// Analytics is the analytics dashboard /dashboard may embed (analytics.go).
	Analytics AnalyticsEmbed

	// TestClock runs the server on a clock that POST /api/v1/__test/clock moves ahead (the
	// end-to-end journeys of expiring offers and holds); allowed only in a development
	// environment (AllowsTestClock).
	TestClock bool

	// AdminSecondFactorOptional lets administrators work without a second factor
	// (HIVE_ADMIN_SECOND_FACTOR=optional): allowed only in a development environment, for the
	// journeys and tests that are not about sign-in. By default administrators must enrol one.
	AdminSecondFactorOptional bool
}

// DocuSeal is the DocuSeal installation that signs documents (docs/documents.md).
type DocuSeal struct {
	URL           string // its address, e.g. https://docuseal.example.com (no trailing slash)
	APIKey        string // signs the form builder's tokens and authorises signing requests
	UserEmail     string // the DocuSeal administrator the API key belongs to (the token's user_email)
	WebhookSecret string // the value DocuSeal's webhook sends in X-Hive-Docuseal-Secret
}

// Configured reports whether DocuSeal can be used.
func (d DocuSeal) Configured() bool { return d.URL != "" && d.APIKey != "" }

// S3Config is the S3-compatible object store used for blobs past one machine.
type S3Config struct {
	Endpoint  string // host[:port], e.g. s3.eu-west-2.amazonaws.com or minio:9000
	Bucket    string
	AccessKey string
	SecretKey string
	Region    string
	UseSSL    bool
}

// OAuthClient holds one OpenID Connect provider's client registration.
type OAuthClient struct {
	ClientID     string
	ClientSecret string
	IssuerURL    string
}

// Configured reports whether the provider can be used.
func (c OAuthClient) Configured() bool { return c.ClientID != "" && c.ClientSecret != "" }

// Variable documents one environment variable for `hive serve --help`.
type Variable struct{ Name, Default, Help string }

// Variables lists every variable Hive reads, in the order --help prints them.
var Variables = []Variable{
	{"HIVE_DATABASE_URL", "sqlite:./data/hive.db", "database: sqlite:PATH or postgres://user@host/db"},
	{"HIVE_ADDR", "127.0.0.1:8080", "address to listen on"},
	{"HIVE_DATA_DIR", "./data", "directory for uploaded files and other data"},
	{"HIVE_ENV", "", "environment badge: DEV, LOCAL DEV, DEMO (empty for production)"},
	{"HIVE_BASE_URL", "http://<HIVE_ADDR>", "public address used in e-mail links and OAuth redirects"},
	{"HIVE_SMTP_URL", "", "smtp://user:password@host:port (smtps:// for implicit TLS); empty prints mail to the log"},
	{"HIVE_MAIL_FROM", "Hive <no-reply@hive.local>", "sender of outgoing mail"},
	{"HIVE_GOOGLE_CLIENT_ID", "", "Google OAuth client id (enables 'Continue with Google')"},
	{"HIVE_GOOGLE_CLIENT_SECRET", "", "Google OAuth client secret"},
	{"HIVE_GOOGLE_ISSUER", "https://accounts.google.com", "OpenID issuer for Google (tests point it elsewhere)"},
	{"HIVE_GOOGLE_CALDAV_URL", "https://apidata.googleusercontent.com/caldav/v2/", "Google Calendar's CalDAV endpoint for 'Connect Google Calendar' (with the Google OAuth client; tests point it elsewhere)"},
	{"HIVE_LINKEDIN_CLIENT_ID", "", "LinkedIn OAuth client id"},
	{"HIVE_LINKEDIN_CLIENT_SECRET", "", "LinkedIn OAuth client secret"},
	{"HIVE_LINKEDIN_ISSUER", "https://www.linkedin.com/oauth", "OpenID issuer for LinkedIn"},
	{"HIVE_SECRET", "(random per process)", "at least 32 characters; keys the OAuth sign-in cookie, CSRF tokens, signed upload links and the sealed TOTP secrets; set it in production (without it two-step sign-in stops working at a restart)"},
	{"HIVE_SESSION_IDLE_TIMEOUT", "30m", "a session ends after this long without a request (unless 'keep me signed in' was ticked)"},
	{"HIVE_SESSION_LIFETIME", "12h", "a session ends this long after sign-in"},
	{"HIVE_SESSION_REMEMBER_LIFETIME", "720h", "a session with 'keep me signed in' ends this long after sign-in"},
	{"HIVE_SESSION_CACHE_TTL", "5s", "how long a node reuses a signed-in session without reading it (revocations end it at once on every node; 0 for no cache)"},
	{"HIVE_NOTIFY_FOLD_WINDOW", "20s", "a booking change waits this long before it is notified, so a burst of changes to one placement makes one mail (0 for none)"},
	{"HIVE_NOTIFY_INTERVAL", "5s", "how often the notification worker looks for changes to notify"},
	{"HIVE_DEADLINE_INTERVAL", "30s", "how often the deadlines worker expires offers past their answer-by time and sends the reminders before it"},
	{"HIVE_DRAIN_DELAY", "0s", "after SIGTERM, serve this long with /api/v1/ready answering 503 before closing, so a load balancer's health check stops sending first (longer than its check interval times its fall count)"},
	{"HIVE_TRUSTED_PROXIES", "", "comma-separated addresses or CIDR ranges of load balancers whose X-Forwarded-For is believed"},
	{"HIVE_ADMIN_SECOND_FACTOR", "required", "optional lets administrators work without two-step sign-in (tests and journeys; only with HIVE_ENV DEV or LOCAL DEV)"},
	{"HIVE_TEST_CLOCK", "false", "true runs on a clock that POST /api/v1/__test/clock moves ahead (end-to-end tests; only with HIVE_ENV DEV or LOCAL DEV)"},
	{"HIVE_HSTS", "auto", "Strict-Transport-Security: auto (on when HIVE_BASE_URL is https), true or false"},
	{"HIVE_BUILD_ID", "(set at build time)", "build id shown to administrators"},
	{"HIVE_CALDAV_ALLOW_PRIVATE", "false", "true lets calendar sync connect to CalDAV servers on loopback and private networks (a self-hosted server on the LAN); false refuses them, and link-local and metadata addresses, as server-side request forgery"},
	{"HIVE_COMPANIES_HOUSE_API_KEY", "", "Companies House API key (enables company number lookups; empty checks the format only)"},
	{"HIVE_COMPANIES_HOUSE_URL", "https://api.company-information.service.gov.uk", "Companies House API address (tests point it elsewhere)"},
	{"HIVE_S3_ENDPOINT", "s3.amazonaws.com", "S3-compatible endpoint host[:port] for blobs"},
	{"HIVE_S3_BUCKET", "", "S3 bucket for uploaded files; empty keeps them in HIVE_DATA_DIR/blobs"},
	{"HIVE_S3_ACCESS_KEY", "", "S3 access key id"},
	{"HIVE_S3_SECRET_KEY", "", "S3 secret access key"},
	{"HIVE_S3_REGION", "us-east-1", "S3 region"},
	{"HIVE_S3_USE_SSL", "true", "use HTTPS to reach the S3 endpoint (true or false)"},
	{"HIVE_DOCUSEAL_URL", "", "DocuSeal address (enables the form builder and signing requests with HIVE_DOCUSEAL_API_KEY)"},
	{"HIVE_DOCUSEAL_API_KEY", "", "DocuSeal API key: signs the form builder's token"},
	{"HIVE_DOCUSEAL_USER_EMAIL", "", "e-mail of the DocuSeal administrator who owns the API key (required with the URL and key)"},
	{"HIVE_ANALYTICS_EMBED_URL", "", "address of an analytics dashboard to embed on /dashboard, as https://host/dashboard/ID (or /question/ID); needs HIVE_ANALYTICS_EMBED_SECRET"},
	{"HIVE_ANALYTICS_EMBED_SECRET", "", "the analytics product's embedding secret key (at least 32 characters); signs the embed tokens (HS256)"},
	{"HIVE_DOCUSEAL_WEBHOOK_SECRET", "", "shared secret DocuSeal's webhook sends in X-Hive-Docuseal-Secret; empty refuses every delivery"},
	{"HIVE_VAPID_PUBLIC_KEY", "", "Web Push VAPID public key (base64url); with the private key unset too, a pair is made on first start and kept in the database for every node"},
	{"HIVE_VAPID_PRIVATE_KEY", "", "Web Push VAPID private key (base64url)"},
	{"HIVE_VAPID_SUBJECT", "mailto:<address of HIVE_MAIL_FROM>", "Web Push contact push services may write to (mailto: or https:)"},
}

// BuildID is set at link time with -ldflags "-X .../config.BuildID=...".
var BuildID = "dev"

// FromEnv reads the configuration from the process environment.
func FromEnv() (Config, error) { return FromLookup(os.LookupEnv) }

// FromLookup reads the configuration through lookup, so tests can pass a map.
func FromLookup(lookup func(string) (string, bool)) (Config, error) {
	get := func(name, def string) string {
		if v, ok := lookup(name); ok && strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
		return def
	}
	c := Config{
		DatabaseURL:          get("HIVE_DATABASE_URL", "sqlite:./data/hive.db"),
		Addr:                 get("HIVE_ADDR", "127.0.0.1:8080"),
		DataDir:              get("HIVE_DATA_DIR", "./data"),
		Env:                  get("HIVE_ENV", ""),
		SMTPURL:              get("HIVE_SMTP_URL", ""),
		MailFrom:             get("HIVE_MAIL_FROM", "Hive <no-reply@hive.local>"),
		BuildID:              get("HIVE_BUILD_ID", BuildID),
		Secret:               get("HIVE_SECRET", ""),
		CompaniesHouseAPIKey: get("HIVE_COMPANIES_HOUSE_API_KEY", ""),
		CompaniesHouseURL:    get("HIVE_COMPANIES_HOUSE_URL", "https://api.company-information.service.gov.uk"),
		Google: OAuthClient{
			ClientID:     get("HIVE_GOOGLE_CLIENT_ID", ""),
			ClientSecret: get("HIVE_GOOGLE_CLIENT_SECRET", ""),
			IssuerURL:    get("HIVE_GOOGLE_ISSUER", "https://accounts.google.com"),
		},
		GoogleCalDAVURL: get("HIVE_GOOGLE_CALDAV_URL", "https://apidata.googleusercontent.com/caldav/v2/"),
		LinkedIn: OAuthClient{
			ClientID:     get("HIVE_LINKEDIN_CLIENT_ID", ""),
			ClientSecret: get("HIVE_LINKEDIN_CLIENT_SECRET", ""),
			IssuerURL:    get("HIVE_LINKEDIN_ISSUER", "https://www.linkedin.com/oauth"),
		},
	}
	c.VAPID = VAPID{PublicKey: get("HIVE_VAPID_PUBLIC_KEY", ""), PrivateKey: get("HIVE_VAPID_PRIVATE_KEY", ""),
		Subject: get("HIVE_VAPID_SUBJECT", "mailto:"+addressOf(c.MailFrom))}
	if (c.VAPID.PublicKey == "") != (c.VAPID.PrivateKey == "") {
		return c, fmt.Errorf("HIVE_VAPID_PUBLIC_KEY and HIVE_VAPID_PRIVATE_KEY: set both or neither")
	}
	c.S3 = S3Config{
		Endpoint:  get("HIVE_S3_ENDPOINT", "s3.amazonaws.com"),
		Bucket:    get("HIVE_S3_BUCKET", ""),
		AccessKey: get("HIVE_S3_ACCESS_KEY", ""),
		SecretKey: get("HIVE_S3_SECRET_KEY", ""),
		Region:    get("HIVE_S3_REGION", "us-east-1"),
	}
	c.DocuSeal = DocuSeal{URL: strings.TrimRight(get("HIVE_DOCUSEAL_URL", ""), "/"), APIKey: get("HIVE_DOCUSEAL_API_KEY", ""),
		UserEmail: get("HIVE_DOCUSEAL_USER_EMAIL", ""), WebhookSecret: get("HIVE_DOCUSEAL_WEBHOOK_SECRET", "")}
	if err := c.DocuSeal.validate(); err != nil {
		return c, err
	}
	analytics, err := analyticsEmbed(get)
	if err != nil {
		return c, err
	}
	c.Analytics = analytics
	if c.S3.UseSSL, err = boolean(get, "HIVE_S3_USE_SSL", "true"); err != nil {
		return c, err
	}
	if c.CalDAVAllowPrivate, err = boolean(get, "HIVE_CALDAV_ALLOW_PRIVATE", "false"); err != nil {
		return c, err
	}
	c.BaseURL = strings.TrimRight(get("HIVE_BASE_URL", "http://"+c.Addr), "/")
	c.SecureCookies = strings.HasPrefix(c.BaseURL, "https://")
	durations := []struct {
		name, def string
		into      *time.Duration
	}{
		{"HIVE_SESSION_IDLE_TIMEOUT", "30m", &c.SessionIdleTimeout},
		{"HIVE_SESSION_LIFETIME", "12h", &c.SessionLifetime},
		{"HIVE_SESSION_REMEMBER_LIFETIME", "720h", &c.SessionRememberLifetime},
	}
	for _, d := range durations {
		v, err := time.ParseDuration(get(d.name, d.def))
		if err != nil || v <= 0 {
			return c, fmt.Errorf("%s: %q is not a positive duration", d.name, get(d.name, d.def))
		}
		*d.into = v
	}
	// The fold window (no folding) and the drain delay (no balancer) may be 0; the poll interval
	// must be positive.
	bounded := []struct {
		name, def string
		min       time.Duration
		into      *time.Duration
	}{
		{"HIVE_NOTIFY_FOLD_WINDOW", "20s", 0, &c.NotifyFoldWindow},
		{"HIVE_NOTIFY_INTERVAL", "5s", time.Millisecond, &c.NotifyInterval},
		{"HIVE_DEADLINE_INTERVAL", "30s", time.Millisecond, &c.DeadlineInterval},
		{"HIVE_DRAIN_DELAY", "0s", 0, &c.DrainDelay},
		{"HIVE_SESSION_CACHE_TTL", "5s", 0, &c.SessionCacheTTL},
	}
	for _, d := range bounded {
		v, err := time.ParseDuration(get(d.name, d.def))
		if err != nil || v < d.min || v > 24*time.Hour {
			return c, fmt.Errorf("%s: %q is not a duration from %s to 24h", d.name, get(d.name, d.def), d.min)
		}
		*d.into = v
	}
	proxies, err := parsePrefixes(get("HIVE_TRUSTED_PROXIES", ""))
	if err != nil {
		return c, fmt.Errorf("HIVE_TRUSTED_PROXIES: %w", err)
	}
	c.TrustedProxies = proxies
	switch v := strings.ToLower(get("HIVE_HSTS", "auto")); v {
	case "auto":
		c.HSTS = c.SecureCookies
	case "true", "1", "yes":
		c.HSTS = true
	case "false", "0", "no":
	default:
		return c, fmt.Errorf("HIVE_HSTS: %q is not auto, true or false", v)
	}
	if c.TestClock, err = boolean(get, "HIVE_TEST_CLOCK", "false"); err != nil {
		return c, err
	}
	switch v := strings.ToLower(get("HIVE_ADMIN_SECOND_FACTOR", "required")); v {
	case "required":
	case "optional":
		c.AdminSecondFactorOptional = true
	default:
		return c, fmt.Errorf("HIVE_ADMIN_SECOND_FACTOR: %q is not required or optional", v)
	}
	if c.Secret != "" && len(c.Secret) < 32 {
		return c, fmt.Errorf("HIVE_SECRET: use at least 32 characters")
	}
	switch c.Env {
	case "", "DEV", "LOCAL DEV", "DEMO", "PROD":
	default:
		return c, fmt.Errorf("HIVE_ENV: %q is not one of DEV, LOCAL DEV, DEMO, PROD", c.Env)
	}
	if c.TestClock && !c.AllowsTestClock() {
		return c, ErrTestClockEnv
	}
	if c.AdminSecondFactorOptional && !c.AllowsTestClock() {
		return c, ErrAdminSecondFactorEnv
	}
	return c, nil
}

// boolean reads a true-or-false variable.
func boolean(get func(name, def string) string, name, def string) (bool, error) {
	switch v := strings.ToLower(get(name, def)); v {
	case "true", "1", "yes":
		return true, nil
	case "false", "0", "no":
		return false, nil
	default:
		return false, fmt.Errorf("%s: %q is not true or false", name, v)
	}
}

// IsProduction reports whether this is a production deployment: HIVE_ENV empty (the default,
// as its help says) or PROD. Only the badged environments (DEV, LOCAL DEV, DEMO) may print
// secrets such as mailed links to the log.
func (c Config) IsProduction() bool { return c.Env == "" || c.Env == "PROD" }

// ErrTestClockEnv refuses HIVE_TEST_CLOCK outside a development environment.
var ErrTestClockEnv = errors.New("HIVE_TEST_CLOCK: allowed only with HIVE_ENV DEV or LOCAL DEV")

// ErrAdminSecondFactorEnv refuses HIVE_ADMIN_SECOND_FACTOR=optional outside a development environment.
var ErrAdminSecondFactorEnv = errors.New("HIVE_ADMIN_SECOND_FACTOR: optional is allowed only with HIVE_ENV DEV or LOCAL DEV")

// AllowsTestClock reports whether the server may run on a movable clock: only in a development
// environment (DEV, LOCAL DEV). DEMO is excluded with production: a demo may face the internet,
// and moving its clock ends every session and lets login limits lapse.
func (c Config) AllowsTestClock() bool { return c.Env == "DEV" || c.Env == "LOCAL DEV" }

// validate checks that a configured DocuSeal has an http(s) address and its administrator's e-mail.
func (d DocuSeal) validate() error {
	if !d.Configured() {
		return nil
	}
	u, err := url.Parse(d.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" {
		return fmt.Errorf("HIVE_DOCUSEAL_URL: %q is not an http or https origin", d.URL)
	}
	if d.UserEmail == "" {
		return fmt.Errorf("HIVE_DOCUSEAL_USER_EMAIL: required with HIVE_DOCUSEAL_URL and HIVE_DOCUSEAL_API_KEY")
	}
	return nil
}

// parsePrefixes reads a comma-separated list of addresses and CIDR ranges; a bare address is
// a range of one.
func parsePrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if strings.Contains(item, "/") {
			p, err := netip.ParsePrefix(item)
			if err != nil {
				return nil, fmt.Errorf("%q is not an address or CIDR range", item)
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(item)
		if err != nil {
			return nil, fmt.Errorf("%q is not an address or CIDR range", item)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// Help renders the variable list for --help.
func Help() string {
	vars := Variables
	var b strings.Builder
	b.WriteString("Environment:\n")
	for _, v := range vars {
		fmt.Fprintf(&b, "  %-28s %s (default %q)\n", v.Name, v.Help, v.Default)
	}
	return b.String()
}
