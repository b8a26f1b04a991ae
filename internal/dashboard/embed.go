package dashboard

import (
	"fmt"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"

	"github.com/hive/hive/internal/platform/config"
)

// EmbedTTL is how long a signed embed address works (Metabase's own examples use 10 minutes):
// the page asks for a new one each time it is opened.
const EmbedTTL = 10 * time.Minute

// EmbedClaims are the claims of a Metabase-style signed embed token: the resource shown, its
// locked parameters, and the expiry (seconds since the epoch).
type EmbedClaims struct {
	Resource map[string]int64 `json:"resource"`
	Params   map[string]any   `json:"params"`
	Expiry   int64            `json:"exp"`
}

// EmbedURL signs a token for the configured resource, valid until now + EmbedTTL, and returns
// the address the iframe loads: <site>/embed/<resource>/<token>#bordered=true&titled=true.
// Params are empty: only administrators, who see every client, are given the embed.
func EmbedURL(a config.AnalyticsEmbed, now time.Time) (string, error) {
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.HS256, Key: []byte(a.Secret)},
		(&jose.SignerOptions{}).WithType("JWT"))
	if err != nil {
		return "", fmt.Errorf("embed signer: %w", err)
	}
	claims := EmbedClaims{Resource: map[string]int64{a.Resource: a.ID}, Params: map[string]any{},
		Expiry: now.Add(EmbedTTL).Unix()}
	token, err := jwt.Signed(signer).Claims(claims).Serialize()
	if err != nil {
		return "", fmt.Errorf("embed token: %w", err)
	}
	return a.SiteURL + "/embed/" + a.Resource + "/" + token + "#bordered=true&titled=true", nil
}
