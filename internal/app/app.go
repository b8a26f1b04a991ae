// Package app wires Hive together: configuration, database, features and the HTTP server.
// Nothing else lives here.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/agenda"
	"github.com/hive/hive/internal/audit"
	"github.com/hive/hive/internal/bookings"
	"github.com/hive/hive/internal/bookings/acknowledge"
	"github.com/hive/hive/internal/bookings/amend"
	"github.com/hive/hive/internal/bookings/availability"
	"github.com/hive/hive/internal/bookings/bookingrules"
	"github.com/hive/hive/internal/bookings/create"
	"github.com/hive/hive/internal/bookings/deadlines"
	"github.com/hive/hive/internal/bookings/holds"
	"github.com/hive/hive/internal/bookings/overview"
	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/bookings/substitution"
	"github.com/hive/hive/internal/bookings/suppliers"
	"github.com/hive/hive/internal/bookings/unavailability"
	"github.com/hive/hive/internal/bookings/waterfall"
	"github.com/hive/hive/internal/calendarsync"
	"github.com/hive/hive/internal/dashboard"
	"github.com/hive/hive/internal/dashboard/facts"
	"github.com/hive/hive/internal/documents"
	"github.com/hive/hive/internal/invoices"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/notifications"
	"github.com/hive/hive/internal/notifications/push"
	"github.com/hive/hive/internal/organisations/departments"
	"github.com/hive/hive/internal/organisations/entities"
	"github.com/hive/hive/internal/organisations/invitations"
	"github.com/hive/hive/internal/organisations/legalentities"
	"github.com/hive/hive/internal/organisations/links"
	"github.com/hive/hive/internal/organisations/tags"
	"github.com/hive/hive/internal/people"
	"github.com/hive/hive/internal/people/directory"
	"github.com/hive/hive/internal/people/files"
	"github.com/hive/hive/internal/people/notes"
	"github.com/hive/hive/internal/people/profile"
	"github.com/hive/hive/internal/places"
	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/idempotency"
	"github.com/hive/hive/internal/platform/mail"
	"github.com/hive/hive/internal/platform/periodic"
	"github.com/hive/hive/internal/reports"
	"github.com/hive/hive/internal/scheduler"
	"github.com/hive/hive/internal/search"
	"github.com/hive/hive/internal/search/index"
	"github.com/hive/hive/internal/timesheets"
	"github.com/hive/hive/web"
)

// App is a configured Hive: its database, its HTTP handler and its background workers.
type App struct {
	Config  config.Config
	DB      *database.DB
	Handler http.Handler
	API     huma.API
	Logger  *slog.Logger
	Mail    *mail.Worker
	Notify  *notifications.Worker
	// Push sends the pushes the notification worker queues to people's devices.
	Push *push.Sender
	// CalendarSync syncs freelancers' own CalDAV calendars (busy in, accepted work out).
	CalendarSync *calendarsync.Worker
	// Deadlines expires and reminds of offers by their answer-by time (and runs other timed
	// rules of bookings added to its Sweeps).
	Deadlines *deadlines.Deadlines

	probes *probes // the load balancer's health and readiness probes (health.go)
	// wakers nudge the timed background work (mail, and what expires) after the test clock
	// moves (testclock.go).
	wakers []func()
}

// New opens the database (migrating it) and builds the handler.
func New(ctx context.Context, cfg config.Config, logger *slog.Logger) (*App, error) {
	db, err := database.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	if err := index.EnsureBuilt(ctx, db); err != nil { // records written before the search index existed
		db.Close()
		return nil, err
	}
	if err := facts.EnsureBuilt(ctx, db); err != nil { // bookings written before the dashboard's facts existed
		db.Close()
		return nil, err
	}
	a, err := NewWithDB(cfg, db, logger)
	if err != nil {
		db.Close()
		return nil, err
	}
	return a, nil
}

// calendarSyncHook registers calendar sync's status hook once per process (tests build many apps).
var calendarSyncHook sync.Once

// NewWithDB builds the application on an open database (tests pass their own).
func NewWithDB(cfg config.Config, db *database.DB, logger *slog.Logger) (*App, error) {
	sender, err := newSender(cfg, logger)
	if err != nil {
		return nil, err
	}
	worker := &mail.Worker{DB: db, Sender: sender, Logger: logger, Host: hostOf(cfg.BaseURL)}
	RecordMailInHistory()
	vapid, err := push.EnsureKeys(context.Background(), db, push.Keys{Public: cfg.VAPID.PublicKey, Private: cfg.VAPID.PrivateKey})
	if err != nil {
		return nil, err
	}
	pushTokens := push.NewTokens(cfg.Secret)
	pusher := &push.Sender{DB: db, Keys: vapid, Subject: cfg.VAPID.Subject, Tokens: pushTokens, Logger: logger}
	a := &App{Config: cfg, DB: db, Logger: logger, Mail: worker, Push: pusher, Notify: &notifications.Worker{DB: db,
		BaseURL: cfg.BaseURL, Signer: notifications.NewSigner(cfg.Secret), WakeMail: worker.Wake, Logger: logger,
		Push: push.Enqueue, WakePush: pusher.Wake,
		Interval: cfg.NotifyInterval, FoldWindow: foldWindow(cfg.NotifyFoldWindow)},
		Deadlines: &deadlines.Deadlines{DB: db, Interval: cfg.DeadlineInterval, Logger: logger, Sweeps: append(deadlines.DefaultSweeps(), holds.ReleaseExpiredHolds,
			timesheets.CreateDue, timesheets.AutoApproveDue, acknowledge.RemindDue, acknowledge.EscalateDue,
			invoices.NotifyOverdue)}}

	a.CalendarSync = calendarsync.NewWorker(&calendarsync.Store{DB: db}, calendarsync.KeysOf(cfg), logger)
	a.CalendarSync.Net = calendarsync.NewNetwork(cfg.CalDAVAllowPrivate)
	a.CalendarSync.Google = calendarsync.GoogleOf(cfg)
	calendarSyncHook.Do(func() {
		bookings.AfterStatusChange(func(ctx context.Context, tx *database.Tx, t bookings.Target) (func() error, error) {
			return calendarsync.AfterStatusChange(ctx, tx, t.UserID)
		})
		bookings.AfterPlacementChange(calendarsync.AfterPlacementChange)
		bookings.AfterBookingChange(calendarsync.AfterBookingChange)
	})

	mux := http.NewServeMux()
	api := httpapi.NewAPI(mux)
	a.API = api

	sessionCache, err := accounts.NewSessionCache(db, cfg.SessionCacheTTL)
	if err != nil {
		return nil, err
	}
	accountStore := &accounts.Store{DB: db, Limits: accounts.SessionLimitsOf(cfg), Cache: sessionCache,
		SecondFactor: accounts.SecondFactorKeysOf(cfg), AdminSecondFactorOptional: cfg.AdminSecondFactorOptional}
	accountService := &accounts.Service{Store: accountStore, BaseURL: cfg.BaseURL, WakeMail: worker.Wake,
		RevokeFeeds: agenda.RevokeFeedIn}
	passkeys, err := accounts.NewPasskeys(accountService, cfg.BaseURL)
	if err != nil {
		return nil, err
	}
	accountHTTP := &accounts.HTTP{Service: accountService, Passkeys: passkeys, BuildID: cfg.BuildID,
		SecureCookies: cfg.SecureCookies}
	accountHTTP.Register(api)
	accountHTTP.RegisterEmailChange(api)
	oauth, err := accounts.NewOAuth(accountService, cfg)
	if err != nil {
		return nil, err
	}
	oauth.Register(api)
	registerInfo(api, cfg, oauth.Providers(), passkeys.Available())

	deps := feature.Deps{DB: db, Config: cfg, WakeMail: worker.Wake}
	accountService.PendingInvitations = invitations.PendingHook(db)
	accountService.CountActions = actionCounter(db)
	accountService.AddressProven = invitations.BindToUser
	entities.Register(api, deps)
	legalentities.Register(api, deps)
	departments.Register(api, deps)
	links.Register(api, deps)
	tags.Register(api, deps)
	invitations.Register(api, deps)

	jobs.Register(api, deps, reads.UsesJobTemplate)
	bookings.Register(api, deps)
	create.Register(api, deps)
	amend.Register(api, deps)
	overview.Register(api, deps)
	holds.Register(api, deps)
	substitution.Register(api, deps)
	deadlines.Register(api, deps)
	acknowledge.Register(api, deps)
	waterfall.Register(api, deps)
	suppliers.Register(api, deps)
	bookingrules.Register(api, deps)
	agenda.Register(api, deps)
	dashboard.Register(api, deps)
	scheduler.Register(api, deps)
	search.Register(api, deps)
	places.Register(api)
	availability.Register(api, deps)
	unavailability.Register(api, deps)
	notifications.Register(api, deps)
	push.Register(api, push.Deps{Store: &push.Store{DB: db, LocalHTTP: !cfg.IsProduction()}, Keys: vapid, Tokens: pushTokens})
	audit.Register(api, deps, reads.HistoryRecords)
	reports.Register(api, deps)
	invoices.Register(api, deps)
	documents.Register(api, deps)
	timesheets.Register(api, deps)
	calendarsync.Register(api, deps, a.CalendarSync)

	ppl := people.Deps{Deps: deps, Accounts: accountService, CompletedInstructions: availability.CompletedInstructions(db)}
	directory.Register(api, ppl)
	profile.Register(api, ppl)
	notes.Register(api, ppl)
	files.Register(api, ppl)

	mux.Handle("/", httpapi.SPA(web.Dist()))

	// Keyed writes run once: inside the session (the key is the user's) and the CSRF check,
	// outside nothing but the mux, so the test clock's moves take no key.
	var h http.Handler = idempotency.Middleware(db, mux)
	a.wakers = append(a.wakers, worker.Wake, a.Deadlines.Wake, pusher.Wake)
	if cfg.TestClock { // inside the CSRF and session middleware, as every other write
		if !cfg.AllowsTestClock() {
			return nil, config.ErrTestClockEnv
		}
		shifted := &clock.Shifted{}
		db.Now = shifted.Now
		h = testClock(shifted, a.wakeTimed, h)
	}
	h = httpapi.CSRF(cfg, h, documents.WebhookPath)
	h = httpapi.Sessions(accountStore.SessionContext, h)
	h = httpapi.LimitBody(h)
	h = httpapi.CompressAnswers(h)
	h = httpapi.SecurityHeaders(cfg, h)
	h = httpapi.Observe(logger, cfg.TrustedProxies, h)
	a.probes = &probes{db: db}
	a.Handler = a.probes.wrap(h)
	return a, nil
}

// wakeTimed nudges every timed worker to look now.
func (a *App) wakeTimed() {
	for _, wake := range a.wakers {
		wake()
	}
}

// RecordMailInHistory makes every queued mail leave a history entry (source mail, the outbox
// row's id, {to, subject, type}) in its transaction. The mail package is plumbing and may not
// import the audit log, so it is handed the writer. NewWithDB calls it; a command that queues
// mail without building the app calls it first.
func RecordMailInHistory() {
	mail.RecordWith(func(ctx context.Context, tx *database.Tx, queued []mail.Queued) error {
		entries := make([]audit.Entry, len(queued))
		for i, q := range queued {
			entries[i] = audit.Entry{RecordID: q.ID, Row: q}
		}
		return audit.RecordAll(ctx, tx, audit.Insert, audit.SourceMail, entries)
	})
}

// hostOf is the host name of base, the deployment's address; empty when it has none.
func hostOf(base string) string {
	u, err := url.Parse(base)
	if err != nil {
		return ""
	}
	return u.Hostname()
}

func newSender(cfg config.Config, logger *slog.Logger) (mail.Sender, error) {
	if cfg.SMTPURL == "" {
		return mail.LogSender{Logger: logger, PrintText: !cfg.IsProduction()}, nil
	}
	s, err := mail.NewSMTPSender(cfg.SMTPURL, cfg.MailFrom)
	if err != nil {
		return nil, fmt.Errorf("HIVE_SMTP_URL: %w", err)
	}
	return s, nil
}

// Serve listens on the configured address until ctx ends, then shuts down gracefully.
func (a *App) Serve(ctx context.Context, ready func(addr string)) error {
	ln, err := net.Listen("tcp", a.Config.Addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: a.Handler, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 60 * time.Second, IdleTimeout: 120 * time.Second}
	go a.Mail.Run(ctx)
	go a.Notify.Run(ctx)
	go a.Push.Run(ctx)
	go a.Deadlines.Run(ctx)
	go a.CalendarSync.Run(ctx)
	go a.housekeeping(ctx)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	if ready != nil {
		ready(ln.Addr().String())
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	// Drain: readiness answers 503 at once, so the load balancer stops sending; requests still
	// arriving meanwhile are served. Then Shutdown closes the listener and waits for the
	// requests in flight.
	a.probes.draining.Store(true)
	if d := a.Config.DrainDelay; d > 0 {
		a.Logger.Info("draining: readiness answers 503", "for", d.String())
		select {
		case err := <-errc:
			return err
		case <-time.After(d):
		}
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// housekeeping purges expired sessions, tokens and idempotency keys every hour.
func (a *App) housekeeping(ctx context.Context) {
	store := &accounts.Store{DB: a.DB, Limits: accounts.SessionLimitsOf(a.Config)}
	periodic.Every(ctx, time.Hour, nil, a.Logger, "purge expired sessions, idempotency keys and pushes",
		func(ctx context.Context) error {
			return errors.Join(store.PurgeExpired(ctx), idempotency.PurgeExpired(ctx, a.DB), push.PurgeExpired(ctx, a.DB))
		})
}

// foldWindow is the worker's reading of HIVE_NOTIFY_FOLD_WINDOW, where 0 means no folding (the
// worker's zero value means its default, its negative none).
func foldWindow(d time.Duration) time.Duration {
	if d == 0 {
		return -1
	}
	return d
}
