package push

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"github.com/hive/hive/internal/platform/auth"
)

// actionPurpose names the key that signs the answers of pushed notifications, so no token
// signed for another purpose (an unsubscribe link, CSRF) verifies here.
const actionPurpose = "push-action-v1"

// DefaultActionLifetime is how long a pushed notification's answer works: a day, after which
// the freelancer answers in the app.
const DefaultActionLifetime = 24 * time.Hour

// Claim is what an action token says: user answers instruction with action, before Expires.
// ID names the token, so a used one is refused.
type Claim struct {
	ID          string
	UserID      int64
	Instruction int64
	Action      string
	Expires     time.Time
}

// Tokens signs and checks the answers of pushed notifications, keyed from HIVE_SECRET
// (auth.SecretKey), so any node verifies what any node pushed.
type Tokens struct{ key []byte }

// NewTokens keys Tokens from the deployment's secret.
func NewTokens(secret string) Tokens { return Tokens{key: auth.SecretKey(secret, actionPurpose)} }

// Sign makes the token of user answering instruction with action, good until expires.
func (t Tokens) Sign(user, instruction int64, action string, expires time.Time) string {
	nonce := make([]byte, 12)
	_, _ = rand.Read(nonce)
	claim := strings.Join([]string{base64.RawURLEncoding.EncodeToString(nonce), strconv.FormatInt(user, 10),
		strconv.FormatInt(instruction, 10), action, strconv.FormatInt(expires.Unix(), 10)}, ":")
	enc := base64.RawURLEncoding
	return enc.EncodeToString([]byte(claim)) + "." + enc.EncodeToString(t.mac(claim))
}

// Verify returns the claim of a token Sign made with this key, unexpired at now.
func (t Tokens) Verify(token string, now time.Time) (Claim, bool) {
	claimPart, sigPart, found := strings.Cut(token, ".")
	if !found {
		return Claim{}, false
	}
	enc := base64.RawURLEncoding
	claim, err1 := enc.DecodeString(claimPart)
	sig, err2 := enc.DecodeString(sigPart)
	if err1 != nil || err2 != nil || !hmac.Equal(sig, t.mac(string(claim))) {
		return Claim{}, false
	}
	parts := strings.Split(string(claim), ":")
	if len(parts) != 5 {
		return Claim{}, false
	}
	user, e1 := strconv.ParseInt(parts[1], 10, 64)
	instruction, e2 := strconv.ParseInt(parts[2], 10, 64)
	expires, e3 := strconv.ParseInt(parts[4], 10, 64)
	if e1 != nil || e2 != nil || e3 != nil || user <= 0 || instruction <= 0 {
		return Claim{}, false
	}
	c := Claim{ID: parts[0], UserID: user, Instruction: instruction, Action: parts[3], Expires: time.Unix(expires, 0).UTC()}
	if !now.Before(c.Expires) {
		return Claim{}, false
	}
	return c, true
}

func (t Tokens) mac(claim string) []byte {
	m := hmac.New(sha256.New, t.key)
	m.Write([]byte(claim))
	return m.Sum(nil)
}
