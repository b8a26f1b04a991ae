package notifications

import (
	"slices"
	"testing"
)

// TestPushesFoldPerRecipientAndBookingAndAnswerOneInstruction: the pushed types only, stored
// and still awaited, one push per recipient and booking; buttons only for one instruction whose
// types offer the same answers; a pencil challenged has none; the acknowledgement type is
// pushed only once it is a type.
func TestPushesFoldPerRecipientAndBookingAndAnswerOneInstruction(t *testing.T) {
	n := func(user, booking, event, instruction int64, typ string) newNotification {
		return newNotification{UserID: user, BookingID: booking, EventID: event, InstructionID: instruction, Type: typ}
	}
	batch := []newNotification{
		n(1, 10, 1, 100, SupplierOffered),
		n(1, 10, 2, 100, SupplierAnswerReminder), // the same offer's reminder: one push, still answerable
		n(2, 10, 1, 101, BookingOfferSent),       // a manager's type: not pushed
		n(1, 11, 3, 110, SupplierHoldChallenged), // no answer from a notification
		n(1, 12, 4, 120, SupplierOffered),        // two offers of one booking: no buttons
		n(1, 12, 5, 121, SupplierOffered),
		n(1, 13, 6, 130, SupplierOffered), // told before: not pushed again
		n(1, 14, 7, 140, SupplierOffered), // answered since: not pushed
		n(1, 15, 8, 150, SupplierChangeReminder),
	}
	batch[7].Stale = true
	messages := make([]message, len(batch))
	for i, b := range batch {
		ty, _ := TypeOf(b.Type)
		messages[i] = message{Type: ty, Booking: "Evening News", Headline: "line " + b.Type, Path: "/bookings/1/edit"}
	}
	inserted := map[told]bool{}
	for i, b := range batch {
		if i != 6 {
			inserted[b.told()] = true
		}
	}
	got := foldPushes(batch, messages, inserted)
	type want struct {
		user, instruction int64
		types, actions    []string
	}
	wants := []want{
		{1, 100, []string{SupplierOffered, SupplierAnswerReminder}, []string{ActionAccept, ActionDecline}},
		{1, 0, []string{SupplierHoldChallenged}, nil},
		{1, 0, []string{SupplierOffered}, nil},
	}
	wants = append(wants, want{1, 150, []string{SupplierChangeReminder}, []string{ActionAcknowledge}})
	if len(got) != len(wants) {
		t.Fatalf("%d pushes, want %d: %+v", len(got), len(wants), got)
	}
	for i, w := range wants {
		g := got[i]
		if g.UserID != w.user || g.InstructionID != w.instruction || !slices.Equal(g.Types, w.types) ||
			!slices.Equal(g.Actions, w.actions) {
			t.Errorf("push %d: %+v, want %+v", i, g, w)
		}
	}
	if got[0].Title != "2 changes: Evening News" || got[0].Body != "line supplier.offered\nline supplier.answer_reminder" {
		t.Errorf("folded push reads %q / %q", got[0].Title, got[0].Body)
	}
}
