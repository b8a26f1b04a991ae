// Package calendarsync connects a freelancer's own CalDAV calendar (iCloud, Fastmail, Nextcloud,
// Google's CalDAV endpoint, any RFC 4791 server) to Hive, both ways: busy times flow in from the
// calendar the freelancer chose to read (times only, never a title), and the work they accepted
// flows out to the calendar they chose to write, as events Hive alone created and alone edits.
//
// The sync worker (worker.go) syncs each connection on its interval, leased so one node at a
// time syncs it; busy.go is the read other features make of the busy times (available suppliers,
// the freelancer search, the scheduler), which show them only as BusyOwnCalendar.
package calendarsync

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"strings"
	"time"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/config"
)

// BusyOwnCalendar is how every view names a busy time from a freelancer's own calendar: never
// its title, place or any other detail.
const BusyOwnCalendar = "Busy (own calendar)"

// Window is how far ahead busy times are read and accepted work is written.
const Window = 180 * 24 * time.Hour

// DefaultIntervalMinutes is the sync interval a new connection gets.
const DefaultIntervalMinutes = 10

// Messages of the connection's checks and of a failed sync, as the freelancer sees them.
const (
	MsgFreelancerOnly   = "Only a freelancer can connect a calendar."
	MsgAlreadyConnected = "A calendar is already connected: disconnect it first."
	MsgURL              = "Enter the calendar server's address, such as https://caldav.fastmail.com."
	MsgCalendar         = "Choose a calendar the server listed."
	MsgInterval         = "The sync interval must be between 5 and 1440 minutes."
	MsgRefused          = "The calendar server refused the user name or app password."
	MsgUnreachable      = "The calendar server could not be reached."
	MsgPrivateAddress   = "The calendar server's address leads to a private or local network, which Hive does not connect to: use the server's public address."
	MsgCalendarGone     = "The calendar was not found on the server: it may have been deleted or moved."
	MsgServerError      = "The calendar server answered with an error."
	MsgGoogleRefused    = "Google refused access to the calendar (the access may have been removed in the Google account): disconnect and connect Google Calendar again."
	MsgGoogleOff        = "Google Calendar is not set up on this Hive server."
	MsgGoogleExpired    = "The access Google granted has expired or was not found: connect Google Calendar again."
	MsgNoCalendars      = "The server lists no calendars for this account."
	MsgSealed           = "The saved app password cannot be opened (the server's secret changed): disconnect and connect again."
)

// Keys seals a connection's app password at rest: AES-256-GCM under a key derived from
// HIVE_SECRET, as accounts seals TOTP secrets. Without HIVE_SECRET the key is the process's
// own, so a restart makes the connection ask to be made again (never a password in the clear).
type Keys struct{ seal []byte }

// KeysOf derives the sealing key from cfg's secret.
func KeysOf(cfg config.Config) Keys {
	return Keys{seal: auth.SecretKey(cfg.Secret, "caldav-credential")}
}

func (k Keys) gcm() (cipher.AEAD, error) {
	block, err := aes.NewCipher(k.seal)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// Seal is what the database keeps of a password.
func (k Keys) Seal(secret string) (string, error) {
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

// errSealed is a sealed password that this key cannot open.
var errSealed = &syncError{msg: MsgSealed}

// Open reverses Seal.
func (k Keys) Open(sealed string) (string, error) {
	data, err := base64.RawStdEncoding.DecodeString(strings.TrimPrefix(sealed, "gcm:"))
	if err != nil {
		return "", errSealed
	}
	gcm, err := k.gcm()
	if err != nil {
		return "", err
	}
	if len(data) < gcm.NonceSize() {
		return "", errSealed
	}
	plain, err := gcm.Open(nil, data[:gcm.NonceSize()], data[gcm.NonceSize():], nil)
	if err != nil {
		return "", fmt.Errorf("%w", errSealed)
	}
	return string(plain), nil
}

// Block is a busy time of a freelancer's own calendar.
type Block struct {
	Start, End time.Time
}

// backoff is how long a failing connection waits before its next try: a minute after the first
// failure, doubling, never more than its interval's six times nor six hours.
func backoff(failures int, interval time.Duration) time.Duration {
	d := time.Minute
	for i := 1; i < failures && d < 6*time.Hour; i++ {
		d *= 2
	}
	return min(d, 6*interval, 6*time.Hour)
}

// BusyMessage is how a view tells a busy time of a freelancer's own calendar, in zone:
// "Busy (own calendar) Mon 10 Mar 2027 10:00–12:00", and nothing of what it is.
func BusyMessage(start, end time.Time, zone *time.Location) string {
	if zone == nil {
		zone = time.UTC
	}
	s, e := start.In(zone), end.In(zone)
	if s.Format(time.DateOnly) == e.Format(time.DateOnly) {
		return BusyOwnCalendar + " " + s.Format("Mon 2 Jan 2006 15:04") + "–" + e.Format("15:04")
	}
	return BusyOwnCalendar + " " + s.Format("Mon 2 Jan 2006 15:04") + " – " + e.Format("Mon 2 Jan 2006 15:04")
}
