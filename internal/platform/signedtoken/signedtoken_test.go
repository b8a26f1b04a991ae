package signedtoken

import "testing"

func TestHS256RoundTrip(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	tok, err := HS256(key, map[string]any{"user_email": "a@b.test", "exp": 2000000000})
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := VerifyHS256(tok, key, &got); err != nil || got["user_email"] != "a@b.test" {
		t.Fatalf("claims %v, %v", got, err)
	}
	if err := VerifyHS256(tok, []byte("another key, just as long as it...."), &got); err == nil {
		t.Fatal("verified with another key")
	}
}
