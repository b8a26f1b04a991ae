// Package signedtoken signs the JSON Web Tokens Hive hands to embedded products (the analytics
// dashboard, the DocuSeal form builder): HS256 with a shared secret, through go-jose, the one
// JOSE library the project uses (the OIDC test provider uses it too).
package signedtoken

import (
	"fmt"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
)

// HS256 serialises claims as a compact JWT signed with key.
func HS256(key []byte, claims any) (string, error) {
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.HS256, Key: key},
		(&jose.SignerOptions{}).WithType("JWT"))
	if err != nil {
		return "", fmt.Errorf("jwt signer: %w", err)
	}
	token, err := jwt.Signed(signer).Claims(claims).Serialize()
	if err != nil {
		return "", fmt.Errorf("jwt: %w", err)
	}
	return token, nil
}

// VerifyHS256 checks token's HS256 signature with key and decodes its claims into out; tests
// read tokens back with it.
func VerifyHS256(token string, key []byte, out any) error {
	parsed, err := jwt.ParseSigned(token, []jose.SignatureAlgorithm{jose.HS256})
	if err != nil {
		return err
	}
	return parsed.Claims(key, out)
}
