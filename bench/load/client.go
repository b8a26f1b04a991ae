package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// session is one signed-in browser: its cookies and the CSRF token bound to its session.
type session struct {
	client *http.Client
	csrf   string
}

// vu is one account of the pool, signed in; mu serialises its writes and sign-ins, as one
// person does one thing at a time, so the versions it tracks stay its own.
type vu struct {
	PlanUser
	sess    atomic.Pointer[session]
	mu      sync.Mutex
	writes  atomic.Int64 // bumped by each write, so a read begun before it does not refresh stale versions
	targets []target     // instructions the account may accept, oldest knowledge first
	places  []placement  // placements of its own bookings, with their revisions
	booking int64        // a freelancer's crew booking
	unavail bool         // a freelancer's marked day is marked now
}

// target is an instruction to accept and the version read.
type target struct{ ID, Version int64 }

// placement is what an amendment sends back, with the revision read.
type placement struct {
	ID, Revision        int64
	Title, Start, End   string
	UnpaidBreaks, Edits int64
	Dept                int // index in Plan.Departments
}

// loader talks to one Hive over a shared transport; every account keeps its own cookies.
type loader struct {
	base      string
	transport *http.Transport
	addr      atomic.Uint32 // the next made-up client address of a sign-in
}

func newLoader(base string, conns int) *loader {
	return &loader{base: strings.TrimRight(base, "/"), transport: &http.Transport{
		MaxIdleConns: conns, MaxIdleConnsPerHost: conns, IdleConnTimeout: 90 * time.Second,
		DisableCompression: true, ForceAttemptHTTP2: false,
	}}
}

// httpError is a refused or failed request: what the load reports as an error.
type httpError struct {
	Op     string
	Status int
	Body   string
}

func (e *httpError) Error() string {
	if e.Status == 0 {
		return fmt.Sprintf("%s: %s", e.Op, e.Body)
	}
	return fmt.Sprintf("%s: status %d: %s", e.Op, e.Status, e.Body)
}

// do sends one request as s and returns the body when into is nil-able; any status >= 400 or
// transport failure is an *httpError naming op.
func (l *loader) do(ctx context.Context, s *session, op, method, path string, body any, into any, hdr http.Header) (*http.Response, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, l.base+"/api/v1"+path, rd)
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if method != http.MethodGet && s.csrf != "" {
		req.Header.Set("X-CSRF-Token", s.csrf)
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	res, err := s.client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // the address is in op already; distinct errors are counted by kind
		}
		return nil, &httpError{Op: op, Body: shorten(err.Error())}
	}
	defer res.Body.Close()
	if res.StatusCode >= 400 {
		b, _ := io.ReadAll(io.LimitReader(res.Body, 400))
		return res, &httpError{Op: op, Status: res.StatusCode, Body: shorten(string(b))}
	}
	if into != nil {
		if err := json.NewDecoder(res.Body).Decode(into); err != nil {
			return res, &httpError{Op: op, Status: res.StatusCode, Body: "undecodable answer: " + shorten(err.Error())}
		}
		return res, nil
	}
	_, err = io.Copy(io.Discard, res.Body)
	if err != nil {
		return res, &httpError{Op: op, Status: res.StatusCode, Body: shorten(err.Error())}
	}
	return res, nil
}

func shorten(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 240 {
		s = s[:240] + "…"
	}
	return s
}

// login signs v in afresh as a browser does: a CSRF token, then the password, from a made-up
// client address (the server believes X-Forwarded-For from 127.0.0.1 only when started with
// HIVE_TRUSTED_PROXIES=127.0.0.1; a day's sign-ins come from many addresses, and the
// per-address throttle would otherwise see them all as one). rec records each request.
func (l *loader) login(ctx context.Context, v *vu, rec func(op string, start time.Time, err error)) error {
	jar, _ := cookiejar.New(nil)
	s := &session{client: &http.Client{Transport: l.transport, Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	var tok struct {
		Token string `json:"token"`
	}
	t0 := time.Now()
	_, err := l.do(ctx, s, "login: GET /account/token", http.MethodGet, "/account/token", nil, &tok, nil)
	rec("login.token", t0, err)
	if err != nil {
		return err
	}
	s.csrf = tok.Token
	n := l.addr.Add(1)
	hdr := http.Header{"X-Forwarded-For": {fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255)}}
	t1 := time.Now()
	res, err := l.do(ctx, s, "login: POST /account/login", http.MethodPost, "/account/login",
		map[string]any{"email": v.Email, "password": Password, "remember": false}, nil, hdr)
	rec("login", t1, err)
	if err != nil {
		return err
	}
	if next := res.Header.Get("X-CSRF-Token"); next != "" {
		s.csrf = next
	}
	v.sess.Store(s)
	return nil
}
