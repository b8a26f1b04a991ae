package notifications

import (
	"slices"
	"strings"
)

// The answers a pushed notification may offer, each applied by internal/notifications/push
// with the same server rules as the app's buttons.
const (
	ActionAccept      = "accept"
	ActionDecline     = "decline"
	ActionAcknowledge = "acknowledge"
)

// pushed are the types sent to devices by Web Push, with the answers their notification
// offers. Every other type stays in the app and in mail.
var pushed = map[string][]string{
	SupplierOffered:        {ActionAccept, ActionDecline},
	SupplierAnswerReminder: {ActionAccept, ActionDecline},
	SupplierHoldChallenged: nil,
	SupplierChangeReminder: {ActionAcknowledge},
}

// Pushed reports whether identifier is sent by Web Push.
func Pushed(identifier string) bool {
	_, ok := pushed[identifier]
	_, exists := TypeOf(identifier)
	return ok && exists
}

// PushedTypes are the types sent by Web Push that p's audience may see, in the Settings order.
func PushedTypes(visible []Type) []Type {
	var out []Type
	for _, t := range visible {
		if Pushed(t.Identifier) {
			out = append(out, t)
		}
	}
	return out
}

// sameActions reports whether every type of types offers the same answers (an offer and its
// reminder folded into one push still answer the one offer).
func sameActions(types []string) bool {
	for _, t := range types[1:] {
		if !slices.Equal(pushed[t], pushed[types[0]]) {
			return false
		}
	}
	return true
}

// Push is one recipient's news of one booking within a fold window, for their devices: the
// pushed notifications of one delivery, folded as their mail is. Actions are offered only
// when it is about one instruction and its types offer the same answers (a four-day offer is
// four instructions: it opens the app).
type Push struct {
	UserID        int64
	Types         []string
	Title, Body   string
	Path          string // in-app path it opens
	InstructionID int64  // the instruction its actions answer, or 0
	Actions       []string
}

// foldPushes makes one Push per recipient and booking of the stored, pushed notifications
// batch[i] (messages[i] saying what each says), in the order of their first notification.
func foldPushes(batch []newNotification, messages []message, inserted map[told]bool) []Push {
	type key struct{ user, booking int64 }
	byKey := map[key][]int{}
	var order []key
	for i, n := range batch {
		if !inserted[n.told()] || n.Stale || !Pushed(n.Type) || n.BookingID == 0 {
			continue
		}
		k := key{n.UserID, n.BookingID}
		if _, ok := byKey[k]; !ok {
			order = append(order, k)
		}
		byKey[k] = append(byKey[k], i)
	}
	pushes := make([]Push, 0, len(order))
	for _, k := range order {
		idx := byKey[k]
		last := messages[idx[len(idx)-1]]
		p := Push{UserID: k.user, Title: last.subject(), Path: last.Path}
		var lines []string
		instructions, types := map[int64]bool{}, map[string]bool{}
		for _, i := range idx {
			lines = append(lines, oneLine(messages[i].Headline))
			instructions[batch[i].InstructionID] = true
			if !types[batch[i].Type] {
				types[batch[i].Type] = true
				p.Types = append(p.Types, batch[i].Type)
			}
		}
		if len(idx) > 1 {
			p.Title = oneLine(pluralChanges(len(idx)) + ": " + last.about())
		}
		p.Body = strings.Join(lines, "\n")
		if len(instructions) == 1 && batch[idx[0]].InstructionID != 0 && len(pushed[p.Types[0]]) > 0 && sameActions(p.Types) {
			p.InstructionID, p.Actions = batch[idx[0]].InstructionID, pushed[p.Types[0]]
		}
		pushes = append(pushes, p)
	}
	return pushes
}
