// Package demo seeds demo bookings across the current and next month in every status colour.
// Everything goes through the bookings Store, as the API would, so the demo has the audit rows
// and events real bookings have.
package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/hive/hive/internal/bookings/status"
	"github.com/hive/hive/internal/platform/database"
)

// ReferencePrefix starts the reference of every demo booking; a booking with its reference
// already there is not made again.
const ReferencePrefix = "DEMO-"

const (
	demoDepartment = "Sport"
	demoTemplate   = "Premier League Football"
	managerEmail   = "dept@hive.test" // manages the Sport department
	felixEmail     = "freelancer@hive.test"
	// Maya Chen's company is VAT registered and Daniel Osei's is not (organisation demo): substituting
	// Maya shows Daniel with the VAT warning.
	mayaEmail   = "maya.chen@hive.test"
	danielEmail = "daniel.osei@hive.test"
)

// cancelReason is 'Client - Placement Not Needed' (the test checks the text).
var cancelReason = status.CancellationReasons[3]

// outcome is where an instruction ends up, and so its colour.
type outcome int

const (
	awaiting           outcome = iota // orange: nobody has answered
	supplierAccepted                  // purple: the freelancer accepted, the client has not
	confirmed                         // green: both accepted
	supplierRejected                  // red: the freelancer said no
	clientCancelled                   // red: the manager cancelled with cancelReason
	placementCancelled                // gray: the whole placement was cancelled
)

// slot is one instruction: a freelancer (by email, or when none the n-th other hireable
// freelancer) in the placement of a placement template on a day of the booking.
type slot struct {
	template string
	day      int
	email    string
	other    int
	outcome  outcome
}

// demoBooking is one booking in month 0 (current) or 1 (next), on days ≤ 28 so every month has them;
// PastReference's is last month's, worked already, so its timesheets show (timesheets demo).
type demoBooking struct {
	reference, title string
	bookingType      status.BookingType
	direct, subst    bool
	month            int
	days             []int
	templates        []string
	slots            []slot
}

// Felix's accepted work stays off days 8–10 of next month, which the browser test books him into.
var demoBookings = []demoBooking{
	{ReferencePrefix + "001", "Premier League Football: Matchday", status.TypeDefault, false, false, 0, []int{5, 6},
		[]string{"Camera Operator", "Sound Supervisor"}, []slot{
			{"Camera Operator", 5, felixEmail, 0, confirmed}, {"Camera Operator", 6, felixEmail, 0, supplierAccepted},
			{"Sound Supervisor", 5, "", 0, awaiting}, {"Sound Supervisor", 6, "", 0, supplierRejected},
		}},
	{ReferencePrefix + "002", "Cup Replay", status.TypePreConfirmed, false, false, 0, []int{12, 13},
		[]string{"Camera Operator", "VT Editor"}, []slot{
			{"Camera Operator", 12, "", 1, confirmed}, {"Camera Operator", 13, "", 1, supplierAccepted},
			{"VT Editor", 12, "", 2, supplierAccepted}, {"VT Editor", 13, "", 2, clientCancelled},
		}},
	{ReferencePrefix + "003", "Saturday Highlights", status.TypeDefault, false, true, 1, []int{14, 15},
		[]string{"Camera Operator", "Sound Supervisor"}, []slot{
			{"Camera Operator", 14, felixEmail, 0, confirmed}, {"Camera Operator", 15, felixEmail, 0, confirmed},
			{"Sound Supervisor", 14, "", 3, awaiting}, {"Sound Supervisor", 15, mayaEmail, 0, confirmed},
		}},
	{ReferencePrefix + "004", "Overnight Transmission Cover", status.TypeDefault, true, false, 1, []int{20, 21},
		[]string{"Overnight Transmission"}, []slot{
			{"Overnight Transmission", 20, "", 4, confirmed}, {"Overnight Transmission", 21, "", 4, confirmed},
		}},
	{ReferencePrefix + "005", "Midweek Fixtures", status.TypeDefault, false, false, 1, []int{24, 25, 26},
		[]string{"Sound Supervisor", "Overnight Transmission"}, []slot{
			{"Sound Supervisor", 24, "", 5, awaiting}, {"Sound Supervisor", 25, "", 5, placementCancelled},
			{"Sound Supervisor", 26, "", 5, supplierAccepted}, {"Overnight Transmission", 24, "", 6, awaiting},
		}},
	{PastReference, "Autumn Fixtures", status.TypeDefault, false, false, -1, []int{3, 4, 5, 6},
		[]string{"Camera Operator"}, []slot{
			{"Camera Operator", 3, felixEmail, 0, confirmed}, {"Camera Operator", 4, felixEmail, 0, confirmed},
			{"Camera Operator", 5, felixEmail, 0, confirmed}, {"Camera Operator", 6, felixEmail, 0, confirmed},
		}},
	{InvoicedReference, "Autumn Highlights", status.TypeDefault, false, false, -1, []int{10, 11},
		[]string{"Camera Operator", "Sound Supervisor"}, []slot{
			{"Camera Operator", 10, danielEmail, 0, confirmed}, {"Camera Operator", 11, danielEmail, 0, confirmed},
			{"Sound Supervisor", 10, "", 1, confirmed}, {"Sound Supervisor", 11, "", 1, confirmed},
		}},
}

// PastReference is the demo booking of last month: Felix's four confirmed days, whose
// timesheets the timesheets demo fills, submits, disputes and approves.
const PastReference = ReferencePrefix + "006"

// InvoicedReference is the other demo booking of last month: Daniel Osei's (his own company,
// Osei Pictures Ltd) and a Crewline crew member's confirmed days, whose timesheets the
// timesheets demo approves so the invoices demo has work of self-billing suppliers to invoice.
const InvoicedReference = ReferencePrefix + "007"

// Past reports whether the demo booking with reference ref is one of last month's.
func Past(ref string) bool { return ref == PastReference || ref == InvoicedReference }

// Seed adds the demo bookings (after the job template demo) that do not exist yet. Safe to run
// twice: a booking whose reference exists is skipped.
func Seed(ctx context.Context, db *database.DB) error {
	s, err := newSeeder(ctx, db)
	if err != nil {
		return fmt.Errorf("booking demo: %w", err)
	}
	for _, b := range demoBookings {
		if err := s.booking(ctx, b); err != nil {
			return fmt.Errorf("booking demo %s: %w", b.reference, err)
		}
	}
	return nil
}

// monthDate is day of the month that is month months after now's, in loc.
func monthDate(now time.Time, loc *time.Location, month, day int) string {
	t := now.In(loc)
	return time.Date(t.Year(), t.Month()+time.Month(month), day, 12, 0, 0, 0, loc).Format(time.DateOnly)
}
