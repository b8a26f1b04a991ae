package dashboard

import (
	"errors"
	"strings"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"

	"github.com/hive/hive/internal/platform/config"
)

const secret = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

var analytics = config.AnalyticsEmbed{SiteURL: "https://analytics.example.com", Resource: "dashboard", ID: 12, Secret: secret}

// tokenOf cuts the token out of an embed address.
func tokenOf(t *testing.T, u string) string {
	t.Helper()
	rest, ok := strings.CutPrefix(u, "https://analytics.example.com/embed/dashboard/")
	token, fragment, _ := strings.Cut(rest, "#")
	if !ok || fragment != "bordered=true&titled=true" || strings.Count(token, ".") != 2 {
		t.Fatalf("embed address %s", u)
	}
	return token
}

func TestEmbedTokenIsSignedWithTheSecretAndNamesTheResource(t *testing.T) {
	now := time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC)
	u, err := EmbedURL(analytics, now)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := jwt.ParseSigned(tokenOf(t, u), []jose.SignatureAlgorithm{jose.HS256})
	if err != nil {
		t.Fatal(err)
	}
	if h := tok.Headers[0]; h.Algorithm != "HS256" {
		t.Fatalf("header %+v", h)
	}
	var claims EmbedClaims
	var std jwt.Claims
	if err := tok.Claims([]byte(secret), &claims, &std); err != nil {
		t.Fatalf("signature: %v", err)
	}
	if claims.Resource["dashboard"] != 12 || len(claims.Resource) != 1 || claims.Params == nil || len(claims.Params) != 0 ||
		claims.Expiry != now.Add(10*time.Minute).Unix() {
		t.Fatalf("claims %+v", claims)
	}
	// Another key does not verify it.
	if err := tok.Claims([]byte(strings.Repeat("x", 64)), &claims); !errors.Is(err, jose.ErrCryptoFailure) {
		t.Fatalf("wrong key: %v", err)
	}
	// It is valid until its expiry and not after.
	if err := std.ValidateWithLeeway(jwt.Expected{Time: now.Add(10*time.Minute - time.Second)}, 0); err != nil {
		t.Fatalf("just before 10 minutes: %v", err)
	}
	if err := std.ValidateWithLeeway(jwt.Expected{Time: now.Add(10*time.Minute + time.Second)}, 0); !errors.Is(err, jwt.ErrExpired) {
		t.Fatalf("just after 10 minutes: %v", err)
	}
}

func TestEmbedTokenOfAQuestion(t *testing.T) {
	q := analytics
	q.Resource, q.ID = "question", 7
	u, err := EmbedURL(q, time.Now())
	if err != nil || !strings.HasPrefix(u, "https://analytics.example.com/embed/question/") {
		t.Fatalf("%s %v", u, err)
	}
}
