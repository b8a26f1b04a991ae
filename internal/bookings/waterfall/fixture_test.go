package waterfall_test

import (
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/bookings/bookingstest"
	"github.com/hive/hive/internal/platform/database"
)

// The tests here take their set-up from bookingstest, under the short names they use.

type (
	booking        = bookingstest.Booking
	instruction    = bookingstest.Instruction
	subWorld       = bookingstest.SubWorld
	waterfallScene = bookingstest.WaterfallScene
)

const subDate = bookingstest.SubDate

var (
	enginesAt                     = bookingstest.EnginesAt
	clockAt                       = bookingstest.ClockAt
	twoNodes                      = bookingstest.TwoNodes
	atOnce                        = bookingstest.AtOnce
	sweepAtOnce                   = bookingstest.SweepAtOnce
	wantEvents                    = bookingstest.WantEvents
	book                          = bookingstest.Book
	bookAs                        = bookingstest.BookAs
	bookingAs                     = bookingstest.BookingAs
	bookingOf                     = bookingstest.BookingOf
	grant                         = bookingstest.Grant
	grantEvery                    = bookingstest.GrantEvery
	answerAsSupplier              = bookingstest.AnswerAsSupplier
	instructionID                 = bookingstest.InstructionID
	markUnavailable               = bookingstest.MarkUnavailable
	liveInstructionsOf            = bookingstest.LiveInstructionsOf
	everyInstructionChangeAudited = bookingstest.EveryInstructionChangeAudited
	insertID                      = bookingstest.InsertID
	wantMessage                   = bookingstest.WantMessage
	buildSubWorld                 = bookingstest.BuildSubWorld
	subBook                       = bookingstest.SubBook
	subSupplier                   = bookingstest.SubSupplier
	waterfallStart                = bookingstest.WaterfallStart
	waterfallWorld                = bookingstest.WaterfallWorld
	states                        = bookingstest.States
	wantStates                    = bookingstest.WantStates
	expireDue                     = bookingstest.ExpireDue
	holdPath                      = bookingstest.HoldPath
	workingTimeStart              = bookingstest.WorkingTimeStart
	accept                        = bookingstest.Accept
	errorText                     = bookingstest.ErrorText
)

// withScene is bookingstest.WithScene.
func withScene[S any](t *testing.T, build func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) S,
	test func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World, scene S)) {
	t.Helper()
	bookingstest.WithScene(t, build, test)
}
