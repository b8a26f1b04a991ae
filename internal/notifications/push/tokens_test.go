package push_test

import (
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/notifications"
	"github.com/hive/hive/internal/notifications/push"
	"github.com/hive/hive/internal/platform/database"
)

// retarget rewrites one field of a token's claim (nonce:user:instruction:action:expiry) and
// keeps its signature, as someone holding a token would to answer something else with it.
func retarget(t *testing.T, token string, field int, value string) string {
	t.Helper()
	claimPart, sig, _ := strings.Cut(token, ".")
	claim, err := base64.RawURLEncoding.DecodeString(claimPart)
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(string(claim), ":")
	parts[field] = value
	return base64.RawURLEncoding.EncodeToString([]byte(strings.Join(parts, ":"))) + "." + sig
}

// TestAnswerTokensAreRefusedAfterUseExpiryAndForAnythingElse: a token answers its one
// instruction with its one answer as its one user, once, before it expires; changed to name
// another instruction, answer or user it no longer verifies; signed for a user who is not the
// instruction's freelancer, the buttons' rules refuse it; and every refusal leaves the offer as
// it was.
func TestAnswerTokensAreRefusedAfterUseExpiryAndForAnythingElse(t *testing.T) {
	orgtest.Engines(t, func(t *testing.T, s *apptest.Server, db *database.DB, w orgtest.World) {
		h := start(t, s, db, w)
		b := h.offer("2030-07-01", "2030-07-02")
		free := w.Users[apptest.Freelancer]
		first, second := b.Instruction(t, 0, free), b.Instruction(t, 1, free)
		tokens := push.NewTokens(s.App.Config.Secret)
		soon := db.Now().Add(time.Hour)
		accept := tokens.Sign(free, first, notifications.ActionAccept, soon)
		refused := func(name, token string) {
			t.Helper()
			if msg := h.problemOf(h.answer(token), http.StatusUnprocessableEntity).Msg("token"); msg != push.MsgBadAction {
				t.Fatalf("%s: %q", name, msg)
			}
		}
		refused("expired", tokens.Sign(free, first, notifications.ActionAccept, db.Now().Add(-time.Second)))
		refused("another instruction", retarget(t, accept, 2, itoa(second)))
		refused("another action", retarget(t, accept, 3, notifications.ActionDecline))
		refused("another user", retarget(t, accept, 1, itoa(w.Users[apptest.Staff])))
		refused("a later expiry", retarget(t, accept, 4, itoa(soon.Add(24*time.Hour).Unix())))
		refused("another key", push.NewTokens(strings.Repeat("x", 40)).Sign(free, first, notifications.ActionAccept, soon))
		// Acknowledge answers through POST /instruction/acknowledge's rules: an offer has no change to
		// acknowledge.
		h.answer(tokens.Sign(free, first, notifications.ActionAcknowledge, soon)).WantError(http.StatusConflict, "C-409")
		refused("garbage", "not-a-token")
		// Signed for someone who is not the instruction's freelancer: the buttons' rule refuses it.
		h.answer(tokens.Sign(w.Users[apptest.DeptMgr], first, notifications.ActionAccept, soon)).WantError(http.StatusNotFound, "N-404")
		if st := h.supplierStatus(b, first); st != "awaiting_response" {
			t.Fatalf("a refused token changed the offer: %q", st)
		}
		decline := tokens.Sign(free, second, notifications.ActionDecline, soon)
		h.answer(decline).Want(http.StatusOK)
		refused("used", decline)
		h.answer(accept).Want(http.StatusOK)
		if h.supplierStatus(b, first) != "accepted" || h.supplierStatus(b, second) != "rejected" {
			t.Fatalf("answers: %s, %s", h.supplierStatus(b, first), h.supplierStatus(b, second))
		}
		refused("used", accept)
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
