package config

import "net/mail"

// VAPID is the Web Push identity: the key pair every push is signed with (base64url) and the
// contact push services may write to.
type VAPID struct {
	PublicKey, PrivateKey, Subject string
}

// addressOf is the bare address of a mailbox ('Hive <no-reply@hive.local>' → no-reply@hive.local).
func addressOf(mailbox string) string {
	if a, err := mail.ParseAddress(mailbox); err == nil {
		return a.Address
	}
	return mailbox
}
