// Package push sends notifications to people's devices by Web Push (RFC 8030, with RFC 8291's
// encryption and RFC 8292's VAPID, through github.com/SherClockHolmes/webpush-go): the
// browsers' subscriptions and each device's switch per type, the deployment's VAPID keys, the
// outbox the notification worker queues pushes into, the sender that works it, and the signed
// answers ('Accept', 'Decline', 'Acknowledge') a notification's buttons send back.
package push

// Messages the operations answer with.
const (
	MsgNoSubscription  = "This device is not subscribed to notifications."
	MsgBadSubscription = "The browser's subscription is not valid: it needs an https endpoint and its p256dh and auth keys."
	MsgBadAction       = "This answer has expired or was already used. Open Hive to answer."
	MsgUnknownType     = "Unknown notification type %q."
)

// Payload is what a push carries to the service worker (JSON), which shows it as a
// notification: its title and body, the in-app path it opens, a tag (one notification per
// queued push, so a push delivered twice shows once) and its answers, each with a token signed
// for its one instruction, action and user.
type Payload struct {
	Title   string   `json:"title"`
	Body    string   `json:"body"`
	Path    string   `json:"path"`
	Tag     string   `json:"tag"`
	Types   []string `json:"types"`
	Actions []Action `json:"actions,omitempty"`
}

// Action is one button of a pushed notification.
type Action struct {
	Action string `json:"action"`
	Title  string `json:"title"`
	Token  string `json:"token"`
}
