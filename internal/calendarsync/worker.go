package calendarsync

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/emersion/go-ical"

	"github.com/hive/hive/internal/platform/input"
	"github.com/hive/hive/internal/platform/periodic"
)

const (
	// DefaultPoll is how often the worker looks for due connections.
	DefaultPoll = 30 * time.Second
	// lease is how long a claimed connection is kept from other nodes: longer than a sync of a
	// big calendar on a slow server takes.
	lease = 5 * time.Minute
	// uidDomain ends the UID of every event Hive writes.
	uidDomain = "@hive"
)

// Worker syncs due connections. Run one in every node: a connection is leased by the node that
// syncs it, so each is synced once per round however many nodes run.
type Worker struct {
	Store  *Store
	Keys   Keys
	Logger *slog.Logger
	// Net is how syncs and discovery reach CalDAV servers; NewWorker's refuses private addresses.
	Net *Network
	// Google signs in the Google Calendar connections; nil when no Google client is configured.
	Google *Google
	Poll   time.Duration // 0 means DefaultPoll
	// Node names the worker in its leases; empty means a random name.
	Node string
	wake chan struct{}
}

// NewWorker is a worker over store sealing with keys.
func NewWorker(store *Store, keys Keys, logger *slog.Logger) *Worker {
	w := &Worker{Store: store, Keys: keys, Logger: logger, Net: NewNetwork(false), wake: make(chan struct{}, 1)}
	addWaker(w.Wake)
	return w
}

// Wake asks the worker to look for due connections now.
func (w *Worker) Wake() {
	if w == nil || w.wake == nil {
		return
	}
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Run syncs due connections every Poll and on Wake until ctx is done.
func (w *Worker) Run(ctx context.Context) {
	poll := w.Poll
	if poll <= 0 {
		poll = DefaultPoll
	}
	periodic.Every(ctx, poll, w.wake, w.logger(), "calendar sync", func(ctx context.Context) error {
		_, err := w.SyncDue(ctx)
		return err
	})
}

func (w *Worker) logger() *slog.Logger {
	if w.Logger == nil {
		return slog.Default()
	}
	return w.Logger
}

func (w *Worker) node() string {
	if w.Node == "" {
		b := make([]byte, 8)
		_, _ = rand.Read(b)
		w.Node = hex.EncodeToString(b)
	}
	return w.Node
}

// SyncDue syncs every due connection it can lease, one after another, and says how many it
// synced (failed syncs count: they were tried).
func (w *Worker) SyncDue(ctx context.Context) (int, error) {
	n := 0
	for ctx.Err() == nil {
		id, err := w.Store.claim(ctx, w.node(), lease, 0)
		if err != nil || id == 0 {
			return n, err
		}
		if err := w.syncLeased(ctx, id); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// SyncNow syncs connection id at once. When a worker (of any node) is syncing it already, it
// waits for that sync to end and syncs again, so the answer shows what the calendar holds now.
func (w *Worker) SyncNow(ctx context.Context, id int64) error {
	if err := w.Store.MarkDue(ctx, id); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, lease)
	defer cancel()
	for wait := time.NewTimer(0); ; {
		leased, err := w.Store.claim(ctx, w.node(), lease, id)
		if err != nil || leased != 0 {
			if err != nil {
				return err
			}
			return w.syncLeased(ctx, id)
		}
		// Not leased by us: synced by another worker right now (or no longer due, which
		// MarkDue above rules out unless that sync finished meanwhile).
		busy, err := w.Store.leased(ctx, id)
		if err != nil || !busy {
			if err == nil {
				err = w.Store.MarkDue(ctx, id) // its sync ended: ours runs next turn
			}
			if err != nil {
				return err
			}
		}
		wait.Reset(100 * time.Millisecond)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-wait.C:
		}
	}
}

// syncLeased syncs connection id, which this worker leased, and records the outcome. A sync's
// failure is the connection's (recorded, retried later); only a failure to record it is the
// round's.
func (w *Worker) syncLeased(ctx context.Context, id int64) error {
	r, err := w.Store.load(ctx, id)
	if err != nil {
		return err
	}
	syncErr := w.sync(ctx, r)
	if syncErr != nil {
		var se *syncError
		if !errors.As(syncErr, &se) {
			syncErr = &syncError{msg: MsgServerError, cause: syncErr}
		}
		// The cause may name the server's answer, never the credentials (they are in no error).
		w.logger().WarnContext(ctx, "calendar sync failed", "connection", id, "err", syncErr, "cause", errors.Unwrap(syncErr))
	}
	return w.Store.finish(ctx, r, w.node(), syncErr)
}

// sync reads the busy times of r's read calendar and writes r's freelancer's accepted work to
// its write calendar.
func (w *Worker) sync(ctx context.Context, r syncRow) error {
	password, err := w.Keys.Open(r.SecretSealed)
	if err != nil {
		return &syncError{msg: MsgSealed, cause: err}
	}
	account := Account{URL: r.ServerURL, Username: r.Username, Password: password}
	if refresh, ok := strings.CutPrefix(password, googleSecret); ok {
		if w.Google == nil {
			return &syncError{msg: MsgGoogleOff}
		}
		if account.Token, err = w.Google.source(ctx, refresh); err != nil {
			return &syncError{msg: MsgUnreachable, cause: err}
		}
		account.Password = ""
	}
	rem, err := w.Net.dial(account)
	if err != nil {
		return err
	}
	zone, _ := input.Zone(r.Timezone)
	if zone == nil {
		zone = time.UTC
	}
	now := w.Store.DB.Now()
	y, m, d := now.In(zone).Date()
	from := time.Date(y, m, d, 0, 0, 0, 0, zone).AddDate(0, 0, -1)
	to := from.Add(Window + 48*time.Hour)
	if err := w.busyIn(ctx, rem, r, zone, from, to); err != nil {
		return err
	}
	return w.workOut(ctx, rem, r, from, to)
}

// busyIn reads what changed in the read calendar since the last sync (by ETag) and stores its
// busy blocks. When the window has moved on a day since the blocks were expanded, every object
// is read again, so recurrences reach the window's new end.
func (w *Worker) busyIn(ctx context.Context, rem *remote, r syncRow, zone *time.Location, from, to time.Time) error {
	objs, err := rem.list(ctx, r.ReadCalendar)
	if err != nil {
		return err
	}
	ch := busyChange{changed: map[string]string{}, blocks: map[string][]Block{}, from: from, to: to}
	ch.all = r.ExpandedUntil == nil || r.ExpandedFrom == nil || !r.ExpandedFrom.Equal(from)
	mine := map[string]bool{}
	for _, wr := range r.written {
		mine[wr.Href] = true
	}
	seen := map[string]bool{}
	var fetch []string
	for _, o := range objs {
		seen[o.href] = true
		if mine[o.href] || strings.HasSuffix(strings.TrimSuffix(path.Base(o.href), ".ics"), uidDomain) {
			continue // Hive's own work is busy through its placements already
		}
		if ch.all || r.etags[o.href] != o.etag || o.etag == "" {
			ch.changed[o.href] = o.etag
			fetch = append(fetch, o.href)
		}
	}
	if !ch.all {
		for href := range r.etags {
			if !seen[href] {
				ch.removed = append(ch.removed, href)
			}
		}
	}
	if len(fetch) > 0 {
		cals, err := rem.fetch(ctx, r.ReadCalendar, fetch)
		if err != nil {
			return err
		}
		for href, cal := range cals {
			ch.blocks[href] = busyBlocks(cal, zone, from, to)
		}
	}
	if !ch.all && len(ch.changed) == 0 && len(ch.removed) == 0 {
		return nil
	}
	return w.Store.saveBusy(ctx, r, ch)
}

// workOut makes the write calendar hold r's freelancer's accepted work: an event for each new
// accepted instruction, a new SEQUENCE for each whose time or title changed, and the event of
// each no longer accepted (rejected, cancelled, deleted) removed. Only the events Hive recorded
// as its own are ever written or removed.
func (w *Worker) workOut(ctx context.Context, rem *remote, r syncRow, from, to time.Time) error {
	want, err := w.Store.accepted(ctx, r.UserID, from, to)
	if err != nil {
		return err
	}
	have := map[int64]written{}
	for _, wr := range r.written {
		have[wr.InstructionID] = wr
	}
	now := w.Store.DB.Now()
	for _, job := range want {
		wr, ok := have[job.InstructionID]
		delete(have, job.InstructionID)
		if ok && wr.Summary == job.Summary && wr.StartAt.Equal(job.Start) && wr.EndAt.Equal(job.End) {
			continue
		}
		if !ok {
			uid := newUID()
			wr = written{InstructionID: job.InstructionID, UID: uid,
				Href: strings.TrimSuffix(r.WriteCalendar, "/") + "/" + uid + ".ics"}
		} else {
			wr.Sequence++
		}
		wr.Summary, wr.StartAt, wr.EndAt = job.Summary, job.Start, job.End
		if err := rem.put(ctx, wr.Href, eventOf(wr, job, now)); err != nil {
			return err
		}
		if err := w.Store.saveWritten(ctx, r.ID, wr); err != nil {
			return err
		}
	}
	for _, wr := range have {
		if err := rem.remove(ctx, wr.Href); err != nil {
			return err
		}
		if err := w.Store.forgetWritten(ctx, wr.ID); err != nil {
			return err
		}
	}
	return nil
}

// newUID is a new event's UID: random, ending in uidDomain.
func newUID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b) + uidDomain
}

// eventOf is the calendar object of an accepted instruction.
func eventOf(wr written, job work, now time.Time) *ical.Calendar {
	cal := ical.NewCalendar()
	cal.Props.SetText(ical.PropVersion, "2.0")
	cal.Props.SetText(ical.PropProductID, "-//Hive//Calendar sync//EN")
	ev := ical.NewEvent()
	ev.Props.SetText(ical.PropUID, wr.UID)
	ev.Props.SetDateTime(ical.PropDateTimeStamp, now.UTC())
	ev.Props.SetDateTime(ical.PropDateTimeStart, wr.StartAt.UTC())
	ev.Props.SetDateTime(ical.PropDateTimeEnd, wr.EndAt.UTC())
	ev.Props.SetText(ical.PropSummary, wr.Summary)
	ev.Props.SetText(ical.PropDescription, job.Description)
	seq := ical.NewProp(ical.PropSequence)
	seq.Value = strconv.Itoa(wr.Sequence)
	ev.Props.Set(seq)
	cal.Children = append(cal.Children, ev.Component)
	return cal
}
