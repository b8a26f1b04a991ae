package agenda

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/bookings/reads"
	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/httpapi"
	"github.com/hive/hive/internal/platform/textsafe"
)

// FeedHistory is how far back the calendar feed reaches: a month of past work stays visible in
// the freelancer's calendar, older placements drop out.
const FeedHistory = 30 * 24 * time.Hour

// FeedPath is the feed's path under the API prefix; the token is the credential.
const FeedPath = "/calendar/{token}.ics"

// feedURL is the subscription address of token.
func feedURL(baseURL, token string) string {
	return baseURL + httpapi.Prefix + strings.Replace(FeedPath, "{token}", token, 1)
}

// EnsureFeed returns the user's feed, creating it on first call; token is empty when it
// existed already (only its hash is kept, so it cannot be shown again).
func (s *Store) EnsureFeed(ctx context.Context, user int64) (token string, createdAt time.Time, err error) {
	err = s.DB.InTx(ctx, func(tx *database.Tx) error {
		token = auth.NewToken()
		err := tx.Get(ctx, &createdAt, `INSERT INTO calendar_feeds (user_id, token_hash, created_at) VALUES (?, ?, ?)
			ON CONFLICT (user_id) DO NOTHING RETURNING created_at`, user, auth.TokenHash(token), tx.Now)
		if errors.Is(err, sql.ErrNoRows) {
			token = ""
			return tx.Get(ctx, &createdAt, `SELECT created_at FROM calendar_feeds WHERE user_id = ?`, user)
		}
		return err
	})
	return token, createdAt, err
}

// RotateFeed gives the user a new token; the old one stops working at once.
func (s *Store) RotateFeed(ctx context.Context, user int64) (token string, createdAt time.Time, err error) {
	token = auth.NewToken()
	err = s.DB.InTx(ctx, func(tx *database.Tx) error {
		return tx.Get(ctx, &createdAt, `INSERT INTO calendar_feeds (user_id, token_hash, created_at) VALUES (?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at
			RETURNING created_at`, user, auth.TokenHash(token), tx.Now)
	})
	return token, createdAt, err
}

// RevokeFeed deletes the user's feed (nothing happens when there is none).
func (s *Store) RevokeFeed(ctx context.Context, user int64) error {
	return s.DB.InTx(ctx, func(tx *database.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM calendar_feeds WHERE user_id = ?`, user)
		return err
	})
}

// errNoFeed answers an unknown or revoked token, and the token of an account that is not active.
var errNoFeed = apperror.NotFound("Calendar")

// FeedOwner is the user a token belongs to; 404 when the token is unknown or revoked, or the
// account is not active (deactivated, not yet activated, awaiting a password reset or an
// e-mail change, or a system account): a feed keeps working without a session, so it must stop
// whenever the account itself could not be used as it is.
func (s *Store) FeedOwner(ctx context.Context, token string) (int64, error) {
	var user int64
	err := s.DB.Get(ctx, &user, `SELECT f.user_id FROM calendar_feeds f JOIN users u ON u.id = f.user_id
		WHERE f.token_hash = ? AND u.account_status = ?`, auth.TokenHash(token), accounts.StatusActive)
	return user, database.NoRowsAs(err, errNoFeed)
}

// feedEvent is one instruction of the feed with its placement.
type feedEvent = reads.FeedEvent

// FeedEvents reads the user's live instructions (accepted or awaiting on both sides, not
// cancelled or rejected) of live placements that started at most FeedHistory ago, and those
// cancelled or rejected at most FeedHistory ago, by start.
func (s *Store) FeedEvents(ctx context.Context, user int64) ([]feedEvent, error) {
	since := s.DB.Now().Add(-FeedHistory)
	return reads.FeedEvents(ctx, s.DB, user, since, since)
}

// renderFeed writes the iCalendar document: one VEVENT per instruction, times as UTC instants
// (every calendar converts them to the viewer's zone, so no VTIMEZONE is needed), CONFIRMED
// when both sides accepted and TENTATIVE otherwise, CANCELLED (with the reason first in the
// description) for an instruction cancelled or rejected, or of a cancelled placement, which stays
// in the feed for FeedHistory so calendars that merge show it cancelled. An event whose change
// awaits the freelancer's acknowledgement says so in its summary. SEQUENCE grows with every
// change of the instruction or its placement (an amended time bumps the placement's version, not
// the instruction's; a cancellation and an acknowledgement the instruction's), and DTSTAMP is the
// last modification, so an unchanged feed is byte-identical.
func renderFeed(events []feedEvent, baseURL string) string {
	cal := ics.NewCalendarFor("Hive")
	cal.SetProductId("-//Hive//Agenda//EN")
	cal.SetMethod(ics.MethodPublish)
	cal.SetXWRCalName("Hive bookings")
	cal.SetName("Hive bookings")
	cal.SetRefreshInterval("PT1H") // the library adds VALUE=DURATION
	cal.SetXPublishedTTL("PT1H")
	for _, ev := range events {
		e := cal.AddEvent(fmt.Sprintf("instruction-%d@hive", ev.ID))
		modified := ev.UpdatedAt
		if ev.PlacementUpdated.After(modified) {
			modified = ev.PlacementUpdated
		}
		if ev.AcknowledgeChanged != nil && ev.AcknowledgeChanged.After(modified) {
			modified = *ev.AcknowledgeChanged
		}
		e.SetDtStampTime(modified)
		e.SetModifiedAt(modified)
		e.SetSequence(ev.Version + ev.PlacementVersion - 2)
		e.SetStartAt(ev.StartAt)
		e.SetEndAt(ev.EndAt)
		// Titles and notes are written by managers: textsafe keeps their line breaks from ending
		// the property (a bare CR would let a note add events to the freelancer's calendar).
		title := summary(ev.PlacementTitle, ev.BookingTitle)
		if ev.Live && ev.AcknowledgeSince != nil {
			title = AwaitingAcknowledgementMark + title
		}
		e.SetSummary(textsafe.Line(title))
		e.SetDescription(description(ev))
		e.SetURL(fmt.Sprintf("%s/bookings/%d/edit?placementId=%d", baseURL, ev.BookingID, ev.PlacementID))
		if !ev.Live {
			e.SetStatus(ics.ObjectStatusCancelled)
		} else if ev.Supplier == string(status.Accepted) && ev.Client == string(status.Accepted) {
			e.SetStatus(ics.ObjectStatusConfirmed)
		} else {
			e.SetStatus(ics.ObjectStatusTentative)
		}
	}
	return cal.Serialize(ics.WithNewLineWindows) // RFC 5545 lines end in CRLF, whatever the host
}

// summary is the placement title, with the booking title when it says something more (the
// agenda card's rule, spec §2).
func summary(placement, booking string) string {
	if booking == "" || strings.EqualFold(booking, placement) {
		return placement
	}
	return placement + " – " + booking
}

// AwaitingAcknowledgementMark opens the summary of an event changed since the freelancer
// accepted it, until they acknowledge the change.
const AwaitingAcknowledgementMark = "[Changed, please acknowledge] "

// closedReason is why a closed event is cancelled: the placement's cancellation, the
// instruction's, or a rejection.
func closedReason(ev feedEvent) string {
	reason := func(what, why string) string {
		if why = strings.TrimSpace(textsafe.Line(why)); why != "" {
			return what + ": " + why
		}
		return what
	}
	switch {
	case ev.PlacementCancelled:
		return reason("Cancelled", ev.PlacementCancelReason)
	case ev.Supplier == string(status.Rejected):
		return "Rejected by you"
	case ev.Client == string(status.Rejected):
		return "Rejected by the client"
	}
	return reason("Cancelled", ev.CancellationReason)
}

func description(ev feedEvent) string {
	var lines []string
	if !ev.Live {
		lines = append(lines, closedReason(ev))
	}
	lines = append(lines,
		"Client: "+textsafe.Line(ev.ClientName),
		"Department: "+textsafe.Line(ev.DepartmentName),
		fmt.Sprintf("Status: supplier %s, client %s", words(ev.Supplier), words(ev.Client)),
		fmt.Sprintf("Booking %d", ev.BookingID))
	if notes := strings.TrimSpace(textsafe.Lines(ev.SupplierNotes)); notes != "" {
		lines = append(lines, "Notes: "+notes)
	}
	return strings.Join(lines, "\n")
}

func words(s string) string { return strings.ReplaceAll(s, "_", " ") }
