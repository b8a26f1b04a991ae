package blob

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/hive/hive/internal/platform/clock"
)

// UploadPath is where signed uploads are sent (under the API prefix).
const UploadPath = "/api/v1/blob-upload/"

// ErrBadToken is returned for upload tokens that are forged, malformed or expired.
var ErrBadToken = errors.New("upload link is not valid or has expired")

// Upload is what a valid upload token allows: one PUT of at most MaxBytes to Key.
type Upload struct {
	Key         string    `json:"k"`
	ContentType string    `json:"t"`
	MaxBytes    int64     `json:"m"`
	Expires     time.Time `json:"-"`
	ExpiresUnix int64     `json:"e"`
}

// Signer makes and checks HMAC-signed upload tokens. Every node must share the secret
// (HIVE_SECRET); without one a random per-process key is used, so a link works only on the node
// that issued it.
type Signer struct {
	key []byte
	// Now is the clock expiry is read on: the system clock, or Hive's clock (database.DB.Now)
	// where the service is wired, so a test that sets that clock moves upload links too.
	Now clock.Clock
}

// NewSigner keys the signer with secret, or with random bytes when secret is empty.
func NewSigner(secret string) *Signer {
	key := []byte("hive blob upload\x00" + secret)
	if secret == "" {
		key = make([]byte, 32)
		_, _ = rand.Read(key)
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte("blob-upload"))
	return &Signer{key: m.Sum(nil), Now: clock.System}
}

// SignUploadURL returns a URL on Hive that accepts one PUT of the file for key, valid for ttl.
func (s *Signer) SignUploadURL(key, contentType string, maxBytes int64, ttl time.Duration) (string, time.Time, error) {
	if err := CheckKey(key); err != nil {
		return "", time.Time{}, err
	}
	exp := s.Now().Add(ttl).UTC().Truncate(time.Second)
	payload, _ := json.Marshal(Upload{Key: key, ContentType: contentType, MaxBytes: maxBytes, ExpiresUnix: exp.Unix()})
	p := base64.RawURLEncoding.EncodeToString(payload)
	return UploadPath + p + "." + s.mac(p), exp, nil
}

// Verify checks the token (the last path segment of an upload URL) and returns what it allows.
func (s *Signer) Verify(token string) (Upload, error) {
	p, sig, ok := strings.Cut(token, ".")
	if !ok || !hmac.Equal([]byte(sig), []byte(s.mac(p))) {
		return Upload{}, ErrBadToken
	}
	data, err := base64.RawURLEncoding.DecodeString(p)
	if err != nil {
		return Upload{}, ErrBadToken
	}
	var u Upload
	if json.Unmarshal(data, &u) != nil || CheckKey(u.Key) != nil {
		return Upload{}, ErrBadToken
	}
	u.Expires = time.Unix(u.ExpiresUnix, 0).UTC()
	if !s.Now().Before(u.Expires) {
		return Upload{}, ErrBadToken
	}
	return u, nil
}

func (s *Signer) mac(payload string) string {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}
