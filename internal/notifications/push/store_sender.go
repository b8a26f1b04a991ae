package push

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/periodic"
)

const (
	// batchSize is how many pushes one claim leases.
	batchSize = 200
	// parallel is how many pushes of a claim are in flight at once: a push is one small HTTPS
	// request to the push service, and one at a time would take 10,000 devices minutes.
	parallel = 16
	// lease is how long a claimed push is hidden from other senders. A sender starts no push
	// after half of it has passed and bounds each by the other half, so a push is never in two
	// senders' hands while both are healthy.
	lease = time.Minute
	// retryBase is the first step of the back-off between attempts: 10 s × 2^attempts.
	retryBase = 10 * time.Second
	// maxRetryDelay caps the back-off.
	maxRetryDelay = 6 * time.Hour
	// maxAttempts are the attempts before a push is given up.
	maxAttempts = 8
	// ttl is how long the push service keeps a push for a device that is offline: the news of
	// an offer is stale after a day.
	ttl = 24 * 60 * 60
)

// Sender sends the push outbox's due pushes to the push services. Run any number of them, in
// one process or many: each push is claimed by one sender at a time.
type Sender struct {
	DB   *database.DB
	Keys Keys
	// Subject is the VAPID contact (a mailto: or https: address) push services may write to.
	Subject string
	Tokens  Tokens
	// ActionLifetime is how long a push's answers work; 0 means DefaultActionLifetime.
	ActionLifetime time.Duration
	Client         *http.Client // nil means a client with a 30 s timeout
	Logger         *slog.Logger
	Interval       time.Duration // between polls; 0 means 1 s

	wakeOnce sync.Once
	wake     chan struct{}
}

// Wake asks a running sender to send now instead of at its next poll; it never blocks.
func (s *Sender) Wake() {
	select {
	case s.wakeChan() <- struct{}{}:
	default:
	}
}

func (s *Sender) wakeChan() chan struct{} {
	s.wakeOnce.Do(func() { s.wake = make(chan struct{}, 1) })
	return s.wake
}

// Run sends due pushes every Interval, or at once after Wake, until ctx is done.
func (s *Sender) Run(ctx context.Context) {
	interval := s.Interval
	if interval <= 0 {
		interval = time.Second
	}
	periodic.Every(ctx, interval, s.wakeChan(), s.logger(), "push delivery", func(ctx context.Context) error {
		_, err := s.SendDue(ctx)
		return err
	})
}

// SendDue claims due pushes in batches and sends them until a claim comes back short. It
// returns how many were sent; a failed push is recorded for a later retry and is not an error,
// only a database failure is.
func (s *Sender) SendDue(ctx context.Context) (sent int, err error) {
	for ctx.Err() == nil {
		start := time.Now()
		batch, err := claimDue(ctx, s.DB, batchSize, lease)
		if err != nil {
			return sent, err
		}
		outs := s.sendAll(ctx, start, batch)
		var tried []outcome
		var rest []claimed
		for i, o := range outs {
			if o == nil {
				rest = append(rest, batch[i])
				continue
			}
			tried = append(tried, *o)
			if o.err == nil {
				sent++
			}
		}
		wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		_, err = record(wctx, s.DB, tried)
		if err == nil && len(rest) > 0 {
			err = release(wctx, s.DB, rest)
		}
		cancel()
		if err != nil || len(rest) > 0 || len(batch) < batchSize {
			return sent, err
		}
	}
	return sent, nil
}

// sendAll sends batch, parallel at a time; outs[i] is nil for a push not tried because ctx
// ended or half the lease had passed.
func (s *Sender) sendAll(ctx context.Context, start time.Time, batch []claimed) []*outcome {
	outs := make([]*outcome, len(batch))
	var wg sync.WaitGroup
	slots := make(chan struct{}, parallel)
	for i := range batch {
		slots <- struct{}{}
		if ctx.Err() != nil || time.Since(start) > lease/2 {
			<-slots
			break
		}
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			o := s.send(ctx, batch[i])
			outs[i] = &o
		}()
	}
	wg.Wait()
	return outs
}

// errGone is a push service's answer that the subscription no longer exists.
var errGone = errors.New("subscription gone")

// send encrypts and posts one claimed push.
func (s *Sender) send(ctx context.Context, c claimed) outcome {
	body, err := s.payload(c)
	if err == nil {
		sendCtx, cancel := context.WithTimeout(ctx, lease/2)
		err = s.post(sendCtx, c, body)
		cancel()
	}
	o := outcome{c: c, err: err}
	switch {
	case errors.Is(err, errGone):
		o.gone = true
		s.logger().InfoContext(ctx, "push subscription gone, removed", "subscriptionId", c.SubscriptionID)
	case err != nil && c.Attempts < maxAttempts:
		o.retryAt = s.DB.Now().Add(backoff(c.Attempts))
		s.logger().WarnContext(ctx, "push failed, will retry", "pushId", c.ID, "attempt", c.Attempts, "err", err)
	case err != nil:
		s.logger().ErrorContext(ctx, "push failed, giving up", "pushId", c.ID, "err", err)
	}
	return o
}

// payload is what c's device is sent: its words, a tag of its own and its answers' tokens.
func (s *Sender) payload(c claimed) ([]byte, error) {
	var q queued
	if err := json.Unmarshal([]byte(c.Payload), &q); err != nil {
		return nil, fmt.Errorf("push %d: %w", c.ID, err)
	}
	p := Payload{Title: q.Title, Body: q.Body, Path: q.Path, Types: q.Types, Tag: "hive-push-" + strconv.FormatInt(c.ID, 10)}
	lifetime := s.ActionLifetime
	if lifetime <= 0 {
		lifetime = DefaultActionLifetime
	}
	expires := s.DB.Now().Add(lifetime)
	for _, a := range q.Actions {
		if t := actionTitles[a]; offered(a) && q.InstructionID != 0 {
			p.Actions = append(p.Actions, Action{Action: a, Title: t, Token: s.Tokens.Sign(q.UserID, q.InstructionID, a, expires)})
		}
	}
	return json.Marshal(p)
}

// post sends body to c's push service: 201 (or any 2xx) is sent; 404 and 410 say the
// subscription is gone.
func (s *Sender) post(ctx context.Context, c claimed, body []byte) error {
	sub := &webpush.Subscription{Endpoint: c.Endpoint, Keys: webpush.Keys{P256dh: c.P256dh, Auth: c.Auth}}
	client := s.Client
	if client == nil {
		client = defaultClient
	}
	resp, err := webpush.SendNotificationWithContext(ctx, body, sub, &webpush.Options{HTTPClient: client,
		Subscriber: s.Subject, VAPIDPublicKey: s.Keys.Public, VAPIDPrivateKey: s.Keys.Private, TTL: ttl,
		Urgency: webpush.UrgencyHigh, RecordSize: 2048,
		// The push service replaces a queued push of the same topic: one sent twice (a sender
		// that died after the service took it) reaches an offline device once.
		Topic: "hive" + strconv.FormatInt(c.ID, 36)})
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4096))
	switch {
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		return errGone
	case resp.StatusCode < 200 || resp.StatusCode > 299:
		return fmt.Errorf("push service answered %s", resp.Status)
	}
	return nil
}

// defaultClient keeps a connection per push in flight to each push service (one host takes
// most browsers' pushes), where Go's default keeps two and would open a TLS connection for
// nearly every push.
var defaultClient = func() *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = 2 * parallel
	return &http.Client{Timeout: 30 * time.Second, Transport: t}
}()

// backoff is the wait after the given number of failed attempts.
func backoff(attempts int) time.Duration {
	if attempts > 20 {
		return maxRetryDelay
	}
	return min(retryBase<<attempts, maxRetryDelay)
}

func (s *Sender) logger() *slog.Logger {
	if s.Logger == nil {
		return slog.Default()
	}
	return s.Logger
}
