package accounts

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"image/png"
	"strconv"
	"strings"
	"time"

	"github.com/hive/hive/internal/platform/mail"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/config"
)

// Two-step sign-in (ASVS V2.7, V2.8): time-based one-time passwords (RFC 6238: SHA-1, six
// digits, 30-second steps, as every authenticator app reads them) and ten single-use recovery
// codes. docs/decisions.md, 'Security: two-step sign-in'.
const (
	totpIssuer        = "Hive"
	totpPeriod        = 30
	totpSkew          = 1 // steps accepted either side of now, for clocks a little apart
	RecoveryCodeCount = 10
	recoveryCodeChars = "abcdefghjkmnpqrstuvwxyz23456789" // no 0/o, 1/l/i to misread
	recoveryCodeLen   = 10                                // about 49 bits, shown as xxxxx-xxxxx
)

// The texts of two-step sign-in, one place each.
const (
	MsgCodeRequired          = "Enter the code from your authenticator app, or a recovery code."
	MsgCodeInvalid           = "That code is not valid, or it has been used already. Wait for the next code, or use a recovery code."
	MsgPendingLoginExpired   = "This sign-in has expired. Log in again."
	MsgTOTPAlreadyOn         = "Two-step sign-in is already on. Turn it off first to set it up again."
	MsgTOTPNotStarted        = "Start setting up two-step sign-in first."
	MsgTOTPNotOn             = "Two-step sign-in is not on."
	MsgSecondFactorRequired  = "Your account requires two-step sign-in, so it cannot be turned off."
	MsgCannotResetOwn        = "You cannot reset your own second factor. Use a recovery code, or ask another administrator."
	MsgNoSecondFactorToReset = "This user has no second factor to reset."
)

// SecondFactorMethods are the ways an authenticator app's enrolment completes a pending sign-in,
// as the login answer names them; a user with a passkey is offered MethodPasskey too.
var SecondFactorMethods = []string{"totp", "recovery"}

// MethodPasskey is the login answer's name for completing a pending sign-in with a passkey.
const MethodPasskey = "passkey"

// SecondFactorKeys holds the key that seals TOTP secrets at rest; nil stores them unsealed
// (no HIVE_SECRET: a key per process would lose every enrolment at restart).
type SecondFactorKeys struct {
	Seal []byte
}

// SecondFactorKeysOf derives the sealing key from HIVE_SECRET, when it is set.
func SecondFactorKeysOf(cfg config.Config) SecondFactorKeys {
	if cfg.Secret == "" {
		return SecondFactorKeys{}
	}
	return SecondFactorKeys{Seal: auth.SecretKey(cfg.Secret, "totp-secret")}
}

// sealSecret is what the database keeps of a TOTP secret: AES-256-GCM under the key, or the
// secret itself marked plain when there is no key.
func (k SecondFactorKeys) sealSecret(secret string) (string, error) {
	if k.Seal == nil {
		return "plain:" + secret, nil
	}
	gcm, err := k.gcm()
	if err != nil {
		return "", err
	}
	nonce := make([]byte, gcm.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return "gcm:" + base64.RawStdEncoding.EncodeToString(gcm.Seal(nonce, nonce, []byte(secret), nil)), nil
}

// openSecret reverses sealSecret.
func (k SecondFactorKeys) openSecret(sealed string) (string, error) {
	if plain, ok := strings.CutPrefix(sealed, "plain:"); ok {
		return plain, nil
	}
	data, err := base64.RawStdEncoding.DecodeString(strings.TrimPrefix(sealed, "gcm:"))
	if err != nil || k.Seal == nil {
		return "", errors.New("totp secret: cannot be opened (HIVE_SECRET changed or unset?)")
	}
	gcm, err := k.gcm()
	if err != nil {
		return "", err
	}
	if len(data) < gcm.NonceSize() {
		return "", errors.New("totp secret: too short")
	}
	plain, err := gcm.Open(nil, data[:gcm.NonceSize()], data[gcm.NonceSize():], nil)
	if err != nil {
		return "", fmt.Errorf("totp secret: %w", err)
	}
	return string(plain), nil
}

func (k SecondFactorKeys) gcm() (cipher.AEAD, error) {
	block, err := aes.NewCipher(k.Seal)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// TOTPEnrolment is what the enrolment screen shows once: the secret for manual entry, the
// otpauth:// address, and that address as a QR code (a PNG data URL).
type TOTPEnrolment struct {
	Secret     string `json:"secret" doc:"Base32, for typing into an authenticator app"`
	OTPAuthURL string `json:"otpauthUrl" doc:"otpauth://totp/... as the QR code holds it"`
	QRCode     string `json:"qrCode" doc:"data:image/png;base64,... of the otpauth address"`
}

// newTOTPKey makes a new secret for accountName with its QR code.
func newTOTPKey(accountName string) (TOTPEnrolment, error) {
	key, err := totp.Generate(totp.GenerateOpts{Issuer: totpIssuer, AccountName: accountName, Period: totpPeriod,
		SecretSize: 20, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return TOTPEnrolment{}, fmt.Errorf("totp key: %w", err)
	}
	img, err := key.Image(240, 240)
	if err != nil {
		return TOTPEnrolment{}, fmt.Errorf("totp qr code: %w", err)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return TOTPEnrolment{}, fmt.Errorf("totp qr code: %w", err)
	}
	return TOTPEnrolment{Secret: key.Secret(), OTPAuthURL: key.URL(),
		QRCode: "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())}, nil
}

// totpStep is the RFC 6238 time step of t.
func totpStep(t time.Time) int64 { return t.Unix() / totpPeriod }

// matchTOTP returns the time step whose code is code, looking totpSkew steps either side of
// now, or 0 when none matches. The caller refuses a step not after the last one used.
func matchTOTP(secret, code string, now time.Time) int64 {
	if len(code) != 6 {
		return 0
	}
	opts := totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}
	step := totpStep(now)
	for s := step - totpSkew; s <= step+totpSkew; s++ {
		want, err := totp.GenerateCodeCustom(secret, time.Unix(s*totpPeriod, 0), opts)
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return s
		}
	}
	return 0
}

// normalizeCode strips what people type around a code (spaces, dashes) and lowers it.
func normalizeCode(code string) string {
	return strings.ToLower(strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '\t' {
			return -1
		}
		return r
	}, code))
}

// isTOTPCode tells a six-digit code from a recovery code.
func isTOTPCode(code string) bool {
	if len(code) != 6 {
		return false
	}
	for _, r := range code {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// newRecoveryCodes makes RecoveryCodeCount codes, shown as xxxxx-xxxxx.
func newRecoveryCodes() []string {
	codes := make([]string, RecoveryCodeCount)
	for i := range codes {
		b := make([]byte, recoveryCodeLen)
		if _, err := rand.Read(b); err != nil {
			panic("crypto/rand failed: " + err.Error())
		}
		for j := range b {
			b[j] = recoveryCodeChars[int(b[j])%len(recoveryCodeChars)]
		}
		codes[i] = string(b[:5]) + "-" + string(b[5:])
	}
	return codes
}

// recoveryCodeHash is what the database keeps of a recovery code: an HMAC keyed by the user, so
// one table of hashes serves no other account. The codes are random (about 49 bits), not
// chosen, and the per-user limit allows few guesses, so a fast hash suffices.
func recoveryCodeHash(userID int64, code string) []byte {
	mac := hmac.New(sha256.New, []byte(fmt.Sprintf("hive-recovery-code:%d", userID)))
	mac.Write([]byte(normalizeCode(code)))
	return mac.Sum(nil)
}

// checkCodeGiven refuses an empty code.
func checkCodeGiven(code string) error {
	if normalizeCode(code) == "" {
		return apperror.Field("code", MsgCodeRequired)
	}
	return nil
}

// codeInvalid is the one refusal for a wrong, reused or expired code.
func codeInvalid() error { return apperror.Field("code", MsgCodeInvalid) }

// SignIn is where a sign-in whose password (or provider) was right stands: a session started
// (Session), or, for a user with a second factor, a pending login (Pending) that
// POST /account/login/second-factor, or another method through CompletePendingLogin, completes.
type SignIn struct {
	Session  string
	Pending  string
	Methods  []string // with Pending: the second factors the user can complete it with
	User     User
	Remember bool // the session is 'keep me signed in'
}

// secondFactorLimitKey counts the second-factor attempts of one user, in the login throttle
// (loginlimit.go) beside the addresses: the same free attempts, then the same doubling delays.
func secondFactorLimitKey(userID int64) string {
	return "second-factor:" + strconv.FormatInt(userID, 10)
}

// PendingLoginUser is the user a live pending login belongs to, for a method that must know it
// before checking its proof (a passkey's allowed credentials). It does not use the login up.
func (s *Service) PendingLoginUser(ctx context.Context, pendingToken string) (User, error) {
	p, found, err := findPendingLogin(ctx, s.Store.DB, pendingToken, s.Store.DB.Now())
	if err != nil {
		return User{}, err
	}
	if !found {
		return User{}, pendingExpired()
	}
	return findUser(ctx, s.Store.DB, p.UserID)
}

func pendingExpired() error {
	return apperror.New(apperror.KindUnauthorized, apperror.CodeBadToken, MsgPendingLoginExpired)
}

// orInvalid is err, or the refusal of a wrong code when there is no error.
func orInvalid(err error) error {
	if err != nil {
		return err
	}
	return codeInvalid()
}

func secondFactorResetMail(u User) mail.Message {
	return mail.Message{To: u.Email, Subject: "Your Hive two-step sign-in was reset", Kind: "second_factor_reset",
		Text: fmt.Sprintf("Hello %s,\n\nAn administrator has reset the two-step sign-in of your Hive account, and every session of your account has ended. Your authenticator app's Hive entry, your recovery codes and your passkeys no longer work.\n\nSign in with your password and set up two-step sign-in again from Settings (administrators are asked to at once).\n\nIf you did not ask for this, tell your administrator now.\n\nHive",
			u.FirstName)}
}
