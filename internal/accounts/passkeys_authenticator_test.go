package accounts_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"testing"

	"github.com/go-webauthn/webauthn/protocol/webauthncbor"
	"github.com/go-webauthn/webauthn/protocol/webauthncose"
)

// softAuthenticator is a software passkey authenticator for the tests: ECDSA P-256 keys,
// attestation 'none', user presence and verification always given. It drives the WebAuthn
// library for real: the server checks every signature, challenge, origin and RP ID hash.
type softAuthenticator struct {
	t      testing.TB
	origin string // what the "browser" puts in clientDataJSON
	rpID   string
}

// softCredential is one passkey the authenticator holds (a resident, discoverable credential).
type softCredential struct {
	id         []byte
	key        *ecdsa.PrivateKey
	userHandle []byte
	counter    uint32
}

var b64 = base64.RawURLEncoding

func newSoftAuthenticator(t testing.TB, origin, rpID string) *softAuthenticator {
	return &softAuthenticator{t: t, origin: origin, rpID: rpID}
}

// creationOptions is the part of the server's navigator.credentials.create options it reads.
type creationOptions struct {
	Challenge string `json:"challenge"`
	RP        struct {
		ID string `json:"id"`
	} `json:"rp"`
	User struct {
		ID string `json:"id"`
	} `json:"user"`
	ExcludeCredentials []struct {
		ID string `json:"id"`
	} `json:"excludeCredentials"`
}

// requestOptions is the part of the server's navigator.credentials.get options it reads.
type requestOptions struct {
	Challenge        string `json:"challenge"`
	RPID             string `json:"rpId"`
	AllowCredentials []struct {
		ID string `json:"id"`
	} `json:"allowCredentials"`
}

func (a *softAuthenticator) clientData(kind, challenge string) []byte {
	data, err := json.Marshal(map[string]any{"type": kind, "challenge": challenge, "origin": a.origin, "crossOrigin": false})
	if err != nil {
		a.t.Fatal(err)
	}
	return data
}

// authData is the authenticator data: RP ID hash, flags (user present and verified, plus
// attested credential data when attested is given) and the sign count.
func (a *softAuthenticator) authData(counter uint32, attested []byte) []byte {
	rpHash := sha256.Sum256([]byte(a.rpID))
	flags := byte(0x01 | 0x04) // UP, UV
	if attested != nil {
		flags |= 0x40 // AT
	}
	out := append(rpHash[:], flags)
	out = binary.BigEndian.AppendUint32(out, counter)
	return append(out, attested...)
}

// create answers a registration's options with a new credential, as
// PublicKeyCredential.toJSON() gives it, and returns the credential too.
func (a *softAuthenticator) create(options creationOptions) (map[string]any, *softCredential) {
	a.t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		a.t.Fatal(err)
	}
	handle, err := b64.DecodeString(options.User.ID)
	if err != nil {
		a.t.Fatalf("user handle %q: %v", options.User.ID, err)
	}
	cred := &softCredential{id: make([]byte, 32), key: key, userHandle: handle}
	_, _ = rand.Read(cred.id)
	return a.attest(options.Challenge, cred), cred
}

// attest builds the attestation of cred for challenge.
func (a *softAuthenticator) attest(challenge string, cred *softCredential) map[string]any {
	a.t.Helper()
	x, y := make([]byte, 32), make([]byte, 32)
	cred.key.PublicKey.X.FillBytes(x)
	cred.key.PublicKey.Y.FillBytes(y)
	cose, err := webauthncbor.Marshal(webauthncose.EC2PublicKeyData{
		PublicKeyData: webauthncose.PublicKeyData{KeyType: int64(webauthncose.EllipticKey),
			Algorithm: int64(webauthncose.AlgES256)},
		Curve: 1, XCoord: x, YCoord: y})
	if err != nil {
		a.t.Fatal(err)
	}
	attested := make([]byte, 16) // AAGUID: none
	attested = binary.BigEndian.AppendUint16(attested, uint16(len(cred.id)))
	attested = append(attested, cred.id...)
	attested = append(attested, cose...)
	object, err := webauthncbor.Marshal(struct {
		Fmt      string         `cbor:"fmt"`
		AttStmt  map[string]any `cbor:"attStmt"`
		AuthData []byte         `cbor:"authData"`
	}{"none", map[string]any{}, a.authData(cred.counter, attested)})
	if err != nil {
		a.t.Fatal(err)
	}
	id := b64.EncodeToString(cred.id)
	return map[string]any{"id": id, "rawId": id, "type": "public-key", "authenticatorAttachment": "platform",
		"response": map[string]any{
			"clientDataJSON":    b64.EncodeToString(a.clientData("webauthn.create", challenge)),
			"attestationObject": b64.EncodeToString(object),
			"transports":        []string{"internal"},
		},
		"clientExtensionResults": map[string]any{}}
}

// assert answers a sign-in's options with cred, signing as cred's owner says it is: the user
// handle sent is handle (cred's own unless a test lies).
func (a *softAuthenticator) assert(challenge string, cred *softCredential, handle []byte) map[string]any {
	a.t.Helper()
	cred.counter++
	authData := a.authData(cred.counter, nil)
	clientData := a.clientData("webauthn.get", challenge)
	digest := sha256.Sum256(clientData)
	signed := sha256.Sum256(append(append([]byte{}, authData...), digest[:]...))
	sig, err := ecdsa.SignASN1(rand.Reader, cred.key, signed[:])
	if err != nil {
		a.t.Fatal(err)
	}
	id := b64.EncodeToString(cred.id)
	response := map[string]any{
		"clientDataJSON":    b64.EncodeToString(clientData),
		"authenticatorData": b64.EncodeToString(authData),
		"signature":         b64.EncodeToString(sig),
	}
	if handle != nil {
		response["userHandle"] = b64.EncodeToString(handle)
	}
	return map[string]any{"id": id, "rawId": id, "type": "public-key", "authenticatorAttachment": "platform",
		"response": response, "clientExtensionResults": map[string]any{}}
}
