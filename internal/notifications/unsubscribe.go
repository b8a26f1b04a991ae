package notifications

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"

	"github.com/hive/hive/internal/platform/auth"
)

// unsubscribePurpose names the key that signs unsubscribe links, so a token signed for any
// other purpose (CSRF, the OAuth cookie) never verifies here, nor one of these there.
const unsubscribePurpose = "notification-unsubscribe-v1"

// Signer makes and checks the tokens of unsubscribe links. A token says one thing only: "user
// U turns off type T"; it carries no session and no expiry (a mail's link should keep working),
// and using it twice does the same as once.
type Signer struct{ key []byte }

// NewSigner keys a Signer from HIVE_SECRET (auth.SecretKey), so every node of a deployment
// accepts the links any node mailed.
func NewSigner(secret string) Signer { return Signer{key: auth.SecretKey(secret, unsubscribePurpose)} }

// Token returns the token for user turning off identifier.
func (s Signer) Token(user int64, identifier string) string {
	claim := strconv.FormatInt(user, 10) + ":" + identifier
	enc := base64.RawURLEncoding
	return enc.EncodeToString([]byte(claim)) + "." + enc.EncodeToString(s.mac(claim))
}

// Verify returns the user and type a token names, and false for a token that was not made by
// Token with this key, or names no type.
func (s Signer) Verify(token string) (user int64, t Type, ok bool) {
	claimPart, sigPart, found := strings.Cut(token, ".")
	if !found {
		return 0, Type{}, false
	}
	enc := base64.RawURLEncoding
	claim, err1 := enc.DecodeString(claimPart)
	sig, err2 := enc.DecodeString(sigPart)
	if err1 != nil || err2 != nil || !hmac.Equal(sig, s.mac(string(claim))) {
		return 0, Type{}, false
	}
	idText, identifier, found := strings.Cut(string(claim), ":")
	user, err := strconv.ParseInt(idText, 10, 64)
	if !found || err != nil || user <= 0 {
		return 0, Type{}, false
	}
	t, ok = TypeOf(identifier)
	return user, t, ok
}

func (s Signer) mac(claim string) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(claim))
	return m.Sum(nil)
}
