package notifications

import (
	"context"
	"encoding/json"
	"time"

	"github.com/hive/hive/internal/organisations/invitations"
	"github.com/hive/hive/internal/platform/database"
)

// InvitationEvent is an invitation event as delivery reads it from invitation_events.
type InvitationEvent struct {
	ID           int64     `db:"id"`
	Kind         string    `db:"kind"`
	InvitationID int64     `db:"invitation_id"`
	EntityID     int64     `db:"entity_id"`
	UserID       *int64    `db:"user_id"` // the invited account; nil for an address without one
	ActorID      *int64    `db:"actor_user_id"`
	Payload      string    `db:"payload_json"`
	CreatedAt    time.Time `db:"created_at"`
}

func (e InvitationEvent) payload() invitations.EventPayload {
	var p invitations.EventPayload
	_ = json.Unmarshal([]byte(e.Payload), &p) // an unreadable payload reads as empty: the event is still told
	return p
}

// FanoutInvitation is who hears of an invitation event: the account it was sent to, unless
// that is the sender. An address without an account hears nothing from here: the invitation's
// own mail, with its sign-up link, told it.
func FanoutInvitation(e InvitationEvent) []Delivery {
	user := idOf(e.UserID)
	if invitations.EventKind(e.Kind) != invitations.EventSent || user == 0 || user == idOf(e.ActorID) {
		return nil
	}
	return []Delivery{{UserID: user, Type: SupplierInvited}}
}

// invitationHome is where an invited account holder accepts or rejects: the home screen's
// invitation cards.
const invitationHome = "/"

// invitationMessage is what invitation event e says to its recipient.
func invitationMessage(e InvitationEvent) (message, error) {
	t, _ := TypeOf(SupplierInvited)
	p := e.payload()
	m := message{Type: t, Entity: p.EntityName, Actor: p.InviterName, Quote: p.Message, Path: invitationHome}
	if m.Actor == "" {
		m.Actor = "Someone"
	}
	switch p.Purpose {
	case invitations.PurposeFreelancer:
		m.As = " as a freelancer"
	case invitations.PurposeStaff:
		m.As = " as a member of staff"
	}
	return m, m.render()
}

// deliverInvitationEvents claims, tells and marks one batch of invitation_events in tx.
func (w *Worker) deliverInvitationEvents(ctx context.Context, tx *database.Tx, cutoff time.Time) (Round, []time.Time, error) {
	return deliverEvents(ctx, tx, invitationEvents, cutoff, func(evs []InvitationEvent) (Round, []InvitationEvent, error) {
		r, err := w.tellInvitations(ctx, tx, evs) // a mail each: a batch is small
		return r, evs, err
	})
}

// tellInvitations makes the notifications and mails of evs inside tx.
func (w *Worker) tellInvitations(ctx context.Context, tx *database.Tx, evs []InvitationEvent) (Round, error) {
	deliveries := make([][]Delivery, len(evs))
	var people []int64
	for i, e := range evs {
		deliveries[i] = FanoutInvitation(e)
		for _, d := range deliveries[i] {
			people = append(people, d.UserID)
		}
	}
	var f facts
	if err := readPeople(ctx, tx, &f, people); err != nil {
		return Round{}, err
	}
	batch, messages, err := f.compose(deliveries, func(i int, _ Delivery) (message, error) {
		return invitationMessage(evs[i])
	}, func(i int, n *newNotification) {
		n.InvitationEventID = evs[i].ID
	})
	if err != nil {
		return Round{}, err
	}
	r, err := w.record(ctx, tx, f.people, batch, messages)
	r.Events = len(evs)
	return r, err
}
