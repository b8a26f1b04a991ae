package pushtest

import (
	"crypto/ecdh"
	"testing"
)

// TestDecryptReadsRFC8291sExample decrypts the example of RFC 8291, Appendix A, with its user
// agent's keys, so the service that checks every push in the tests reads the standard's bytes.
func TestDecryptReadsRFC8291sExample(t *testing.T) {
	d := func(s string) []byte {
		b, err := unb64(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	ua, err := ecdh.P256().NewPrivateKey(d("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"))
	if err != nil {
		t.Fatal(err)
	}
	if got := b64(ua.PublicKey().Bytes()); got != "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4" {
		t.Fatalf("ua_public %s", got)
	}
	body := d("DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
	plain, err := Decrypt(body, ua, d("BTBZMqHH6r4Tts7J_aSIgg"))
	if err != nil {
		t.Fatal(err)
	}
	if string(plain) != "When I grow up, I want to be a watermelon" {
		t.Fatalf("plaintext %q", plain)
	}
	body[len(body)-1] ^= 1
	if _, err := Decrypt(body, ua, d("BTBZMqHH6r4Tts7J_aSIgg")); err == nil {
		t.Fatal("a tampered body decrypted")
	}
}
