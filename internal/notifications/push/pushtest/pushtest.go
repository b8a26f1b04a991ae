// Package pushtest is a push service for tests and the benchmark: a local HTTP server that
// plays the browsers' push services. It makes devices (a P-256 key pair and an auth secret
// each, as a browser does), checks each push's VAPID authorisation, decrypts its body
// (RFC 8291, aes128gcm) with the device's keys and keeps what it read, and can answer that a
// subscription is gone (410) or fail.
package pushtest

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
)

// Device is one browser's subscription: its endpoint at the service and its keys.
type Device struct {
	Endpoint string
	P256dh   string // the public key, base64url
	Auth     string // the auth secret, base64url
	private  *ecdh.PrivateKey
	secret   []byte
}

// Subscription is the device's subscription as PushSubscription.toJSON() gives it.
func (d *Device) Subscription() map[string]any {
	return map[string]any{"endpoint": d.Endpoint, "keys": map[string]string{"p256dh": d.P256dh, "auth": d.Auth}}
}

// Service is the push service.
type Service struct {
	*httptest.Server
	// VAPIDKey, when set, is the public key (base64url) every push's VAPID token must be
	// signed with.
	VAPIDKey string

	mu       sync.Mutex
	devices  map[string]*Device
	received map[string][][]byte // endpoint → the decrypted payloads, in order
	answers  map[string][]int    // endpoint → statuses to answer next, before 201
	problems []string
	n        int
}

// Start starts a push service on https (its Client trusts it); Close it when done.
func Start() *Service {
	s := &Service{devices: map[string]*Device{}, received: map[string][][]byte{}, answers: map[string][]int{}}
	s.Server = httptest.NewTLSServer(http.HandlerFunc(s.serve))
	// As the sender's own client does: a connection per push in flight, kept between pushes.
	s.Client().Transport.(*http.Transport).MaxIdleConnsPerHost = 64
	return s
}

// NewDevice makes a device subscribed at the service.
func (s *Service) NewDevice() *Device {
	priv, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	secret := make([]byte, 16)
	_, _ = rand.Read(secret)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n++
	d := &Device{Endpoint: fmt.Sprintf("%s/push/%d", s.URL, s.n), private: priv, secret: secret,
		P256dh: b64(priv.PublicKey().Bytes()), Auth: b64(secret)}
	s.devices[d.Endpoint] = d
	return d
}

// Answer makes the service answer the next pushes to d with statuses, in order (410 says the
// subscription is gone; 500 fails), then 201 again.
func (s *Service) Answer(d *Device, statuses ...int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.answers[d.Endpoint] = append(s.answers[d.Endpoint], statuses...)
}

// Received are the payloads d was sent and the service accepted (201), decrypted.
func (s *Service) Received(d *Device) [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([][]byte(nil), s.received[d.Endpoint]...)
}

// Total is how many pushes the service accepted, to every device.
func (s *Service) Total() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, r := range s.received {
		n += len(r)
	}
	return n
}

// Problems are the pushes the service could not read (a bad VAPID token, a body that does not
// decrypt, an unknown endpoint).
func (s *Service) Problems() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.problems...)
}

func (s *Service) serve(w http.ResponseWriter, r *http.Request) {
	endpoint := s.URL + r.URL.Path
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	d := s.devices[endpoint]
	var status int
	if next := s.answers[endpoint]; len(next) > 0 {
		status, s.answers[endpoint] = next[0], next[1:]
	}
	s.mu.Unlock()
	problem := func(format string, args ...any) {
		s.mu.Lock()
		s.problems = append(s.problems, fmt.Sprintf(format, args...))
		s.mu.Unlock()
		http.Error(w, "bad push", http.StatusBadRequest)
	}
	if d == nil {
		http.NotFound(w, r)
		return
	}
	if status != 0 {
		w.WriteHeader(status)
		return
	}
	if r.Method != http.MethodPost || r.Header.Get("Content-Encoding") != "aes128gcm" || r.Header.Get("TTL") == "" {
		problem("%s %s: method, Content-Encoding or TTL", r.Method, endpoint)
		return
	}
	if err := s.checkVAPID(r.Header.Get("Authorization")); err != nil {
		problem("%s: VAPID: %v", endpoint, err)
		return
	}
	plain, err := Decrypt(body, d.private, d.secret)
	if err != nil {
		problem("%s: decrypt: %v", endpoint, err)
		return
	}
	s.mu.Lock()
	s.received[endpoint] = append(s.received[endpoint], plain)
	s.mu.Unlock()
	w.WriteHeader(http.StatusCreated)
}

// checkVAPID verifies an RFC 8292 'vapid t=…, k=…' authorisation: k is the expected key and
// t an ES256 JWT it signed, for this service's origin.
func (s *Service) checkVAPID(header string) error {
	rest, ok := strings.CutPrefix(header, "vapid ")
	if !ok {
		return errors.New("not a vapid authorisation")
	}
	var token, key string
	for _, part := range strings.Split(rest, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			token = v
		case "k":
			key = v
		}
	}
	if s.VAPIDKey != "" && key != strings.TrimRight(s.VAPIDKey, "=") {
		return fmt.Errorf("signed with key %q", key)
	}
	raw, err := unb64(key)
	if err != nil || len(raw) != 65 {
		return errors.New("bad key")
	}
	pub := &ecdsa.PublicKey{Curve: elliptic.P256(), X: new(big.Int).SetBytes(raw[1:33]), Y: new(big.Int).SetBytes(raw[33:])}
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return errors.New("bad token")
	}
	sig, err := unb64(parts[2])
	if err != nil || len(sig) != 64 {
		return errors.New("bad signature")
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(pub, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return errors.New("signature does not verify")
	}
	claims, err := unb64(parts[1])
	if err != nil {
		return err
	}
	var c struct {
		Aud string `json:"aud"`
		Sub string `json:"sub"`
	}
	if err := json.Unmarshal(claims, &c); err != nil || c.Aud != s.URL || c.Sub == "" {
		return fmt.Errorf("claims %s", claims)
	}
	return nil
}

// Decrypt reads an aes128gcm push body (RFC 8188 with RFC 8291's keys) for the device whose
// private key and auth secret are given.
func Decrypt(body []byte, private *ecdh.PrivateKey, authSecret []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("short body")
	}
	salt, rs, idLen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if len(body) < 21+idLen || rs < 18 {
		return nil, errors.New("short header")
	}
	senderKey, records := body[21:21+idLen], body[21+idLen:]
	sender, err := ecdh.P256().NewPublicKey(senderKey)
	if err != nil {
		return nil, fmt.Errorf("sender key: %w", err)
	}
	shared, err := private.ECDH(sender)
	if err != nil {
		return nil, err
	}
	info := append(append([]byte("WebPush: info\x00"), private.PublicKey().Bytes()...), senderKey...)
	ikm, err := hkdf.Key(sha256.New, shared, authSecret, string(info), 32)
	if err != nil {
		return nil, err
	}
	cek, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: aes128gcm\x00", 16)
	if err != nil {
		return nil, err
	}
	nonce, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: nonce\x00", 12)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	if len(records) > int(rs) {
		return nil, errors.New("more than one record")
	}
	plain, err := gcm.Open(nil, nonce, records, nil)
	if err != nil {
		return nil, err
	}
	// The last record ends with the delimiter 2 and any zero padding after it.
	end := bytes.LastIndexByte(plain, 2)
	if end < 0 || len(bytes.Trim(plain[end+1:], "\x00")) != 0 {
		return nil, errors.New("no last-record delimiter")
	}
	return plain[:end], nil
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

func unb64(s string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
}
