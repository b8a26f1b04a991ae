package accounts

import (
	"testing"
	"time"

	"github.com/pquerna/otp/totp"
)

// Secrets are sealed under HIVE_SECRET's key and open only with it; without a key they are kept
// marked plain.
func TestTOTPSecretSealing(t *testing.T) {
	keys := SecondFactorKeys{Seal: make([]byte, 32)}
	sealed, err := keys.sealSecret("JBSWY3DPEHPK3PXP")
	if err != nil || sealed == "JBSWY3DPEHPK3PXP" || len(sealed) < 20 {
		t.Fatalf("sealed %q, %v", sealed, err)
	}
	if got, err := keys.openSecret(sealed); err != nil || got != "JBSWY3DPEHPK3PXP" {
		t.Fatalf("opened %q, %v", got, err)
	}
	other := SecondFactorKeys{Seal: append(make([]byte, 31), 1)}
	if _, err := other.openSecret(sealed); err == nil {
		t.Fatal("another key opened the secret")
	}
	if _, err := (SecondFactorKeys{}).openSecret(sealed); err == nil {
		t.Fatal("no key opened a sealed secret")
	}
	plain, _ := SecondFactorKeys{}.sealSecret("JBSWY3DPEHPK3PXP")
	if got, err := (SecondFactorKeys{}).openSecret(plain); err != nil || got != "JBSWY3DPEHPK3PXP" {
		t.Fatalf("plain %q opened %q, %v", plain, got, err)
	}
}

// A code matches its own time step and one either side, and names the step it matched.
func TestMatchTOTPWindow(t *testing.T) {
	const secret = "JBSWY3DPEHPK3PXP"
	now := time.Unix(1_800_000_000, 0)
	for _, offset := range []int64{-1, 0, 1} {
		at := now.Add(time.Duration(offset*totpPeriod) * time.Second)
		code, err := totp.GenerateCode(secret, at)
		if err != nil {
			t.Fatal(err)
		}
		if got := matchTOTP(secret, code, now); got != totpStep(at) {
			t.Errorf("offset %d: step %d, want %d", offset, got, totpStep(at))
		}
	}
	old, _ := totp.GenerateCode(secret, now.Add(-2*totpPeriod*time.Second))
	if old != mustCode(t, secret, now) && matchTOTP(secret, old, now) != 0 {
		t.Error("a code two steps old matched")
	}
	for _, bad := range []string{"", "12345", "1234567", "abcdef"} {
		if matchTOTP(secret, bad, now) != 0 {
			t.Errorf("%q matched", bad)
		}
	}
}

func mustCode(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	c, err := totp.GenerateCode(secret, at)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Recovery codes are ten, distinct, and read back whatever case or dashes are typed.
func TestRecoveryCodes(t *testing.T) {
	codes := newRecoveryCodes()
	seen := map[string]bool{}
	for _, c := range codes {
		if len(c) != 11 || c[5] != '-' || seen[c] || isTOTPCode(normalizeCode(c)) {
			t.Errorf("code %q", c)
		}
		seen[c] = true
	}
	if len(codes) != RecoveryCodeCount {
		t.Fatalf("%d codes", len(codes))
	}
	a := recoveryCodeHash(7, codes[0])
	if string(a) != string(recoveryCodeHash(7, " "+codes[0][:5]+codes[0][6:]+" ")) {
		t.Error("the same code typed without its dash hashed apart")
	}
	if string(a) == string(recoveryCodeHash(8, codes[0])) {
		t.Error("the same code hashed alike for two users")
	}
}
