package app_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
)

// authzException is one intended exception of the authorization matrix: op ("METHOD
// /template") answers 2xx to roles, for the reason Why. Aim, when set, limits it to the calls
// with that aim (authzRequest.Aim). An excepted answer must still name nothing of client A's
// (authzSecretFor), so a list that filters by scope is checked to have filtered.
type authzException struct {
	Op    string
	Roles []string
	Aim   string
	Why   string
}

// authzThrottled are the exceptions whose calls a per-address limit may refuse (503), so the
// walk does not require every role to have needed them.
var authzThrottled = map[string]bool{"POST /account/request-password-reset": true,
	"POST /account/reset-unauthenticated-password": true, "POST /account/passkeys/login/begin": true}

var (
	everyone  = []string{apptest.Anonymous, authzFreelancerA1, apptest.Freelancer, apptest.Staff, apptest.DeptMgr, apptest.Manager, authzDeptA2}
	signedIn  = everyone[1:]
	nonFree   = everyone[3:]  // staff and managers
	managers  = everyone[4:]  // department and client managers
	ownAgenda = everyone[1:3] // the freelancers
)

// authzExceptions is THE table of what an outsider to client A may do while A's objects are
// there. Nothing in it reaches an object of A: each is public, the caller's own, a list that
// shows only the caller's scope, or a freelancer, whom every manager may see and hire (the
// one rule, access.CanSeeUser).
var authzExceptions = []authzException{
	// Public, about no one.
	{"GET /account/token", everyone, "", "the CSRF token of the caller's own session"},
	{"GET /app-info", everyone, "", "product name and sign-in providers"},
	{"POST /account/request-password-reset", everyone, "", "answers alike for every address; the link goes to the owner"},
	{"POST /account/reset-unauthenticated-password", everyone, "", "answers alike for every address; the link goes to the owner"},
	{"POST /account/logout", everyone, "", "ends the caller's own session"},
	{"POST /account/logout-everywhere", signedIn, "", "ends the caller's own sessions"},
	{"POST /account/passkeys/login/begin", everyone, "", "a sign-in challenge that names no account"},
	// The caller's own.
	{"GET /account/whoami", signedIn, "", "the caller's own account"},
	{"GET /account/sessions", signedIn, "", "the caller's own sessions"},
	{"GET /account/onboarding", signedIn, "", "the caller's own onboarding"},
	{"GET /account/passkeys", signedIn, "", "the caller's own passkeys"},
	{"POST /account/passkeys/register/begin", signedIn, "", "a registration of the caller's own passkey"},
	{"POST /account/second-factor/totp", signedIn, "", "begins the caller's own enrolment"},
	{"GET /account/skill-tags", signedIn, "", "the tags the caller may put on their own profile"},
	{"GET /account/job-title-tags", signedIn, "", "the tags the caller may put on their own profile"},
	{"GET /agenda", signedIn, "", "the caller's own placements or their departments'"},
	{"GET /agenda/stats", signedIn, "", "the counts of the caller's own agenda"},
	{"GET /agenda/feed", ownAgenda, "", "the freelancer's own calendar feed"},
	{"POST /agenda/feed/rotate", ownAgenda, "", "the freelancer's own calendar feed"},
	{"DELETE /agenda/feed", ownAgenda, "", "the freelancer's own calendar feed"},
	{"GET /calendar-connection", ownAgenda, "", "the freelancer's own calendar connection (theirs only, never the password)"},
	{"GET /notification", signedIn, "", "the caller's own notifications"},
	{"GET /invoice", signedIn, "", "the invoices of the caller's own work or of what they manage"},
	{"GET /notification/stats", signedIn, "", "the caller's own notifications"},
	{"GET /notification/preferences", signedIn, "", "the caller's own preferences"},
	{"GET /push/vapid-public-key", signedIn, "", "the deployment's public key, no one's data"},
	{"GET /document-signing", signedIn, "", "the documents the caller must sign"},
	{"GET /document-signing/requested", managers, "", "the documents the caller asked for"},
	{"GET /booking/bookmark", managers, "", "the caller's own saved filters"},
	{"POST /booking/bookmark", managers, "", "the caller's own saved filters"},
	{"POST /entity", []string{apptest.Manager}, "", "a new entity of the caller's own (the demo manager may create clients)"},
	{"POST /entity/validate-iban", signedIn, "", "a stateless check of the number sent"},
	{"POST /entity/validate-company-number", signedIn, "", "a stateless check of the number sent"},
	{"GET /locations", signedIn, "", "the place gazetteer, no one's data"},
	// Lists that show only the caller's scope: called with A's ids as filters, they must name nothing of A.
	{"GET /account", nonFree, "", "All Users: only the people the caller may see"},
	{"GET /account/internal-note/{id}", nonFree, "", "only the notes the caller may read"},
	{"GET /account/internal-note/entities/{id}", nonFree, "", "only the caller's own entities"},
	{"GET /associations/entity-legal-entity-refs", signedIn, "", "only links of entities the caller sees"},
	{"GET /associations/entity-legal-entity-refs/by-user-id/{id}", signedIn, "", "only links of entities the caller sees"},
	{"GET /associations/user-department-refs", signedIn, "", "only links of departments the caller sees"},
	{"GET /associations/user-department-refs/by-user-id/{id}", signedIn, "", "only links of departments the caller sees"},
	{"GET /associations/user-entity-refs", signedIn, "", "only links of entities the caller sees"},
	{"GET /associations/user-entity-refs/by-user-id/{id}", signedIn, "", "only links of entities the caller sees"},
	{"GET /booking", signedIn, "", "only bookings of the caller's departments"},
	{"GET /booking/summary", signedIn, "", "only the caller's departments"},
	{"GET /department", signedIn, "", "only departments the caller sees"},
	{"GET /entity", signedIn, "", "only entities the caller sees"},
	{"GET /entity/by-user-id/{id}", signedIn, "", "only entities the caller sees"},
	{"GET /invitation", signedIn, "", "only invitations of the caller's entities or to the caller"},
	{"GET /job-template", signedIn, "", "only templates of the caller's departments"},
	{"GET /job/brief", signedIn, "", "only templates of the caller's departments"},
	{"GET /legal-entity", signedIn, "", "only legal entities the caller sees"},
	{"GET /unavailability/by-user-ids", signedIn, "", "only people the caller manages"},
	{"GET /timesheet", signedIn, "", "only the caller's own timesheets and those of departments the caller sees"},
	{"GET /dashboard/stats", []string{authzDeptA2}, "", "counts over the caller's own departments only"},
	// A's freelancer: every manager sees and may hire any freelancer (access.CanSeeUser); the
	// profile shows them none of A's links.
	{"GET /account/{id}", managers, authzAimFreelancer, "a freelancer's profile, without A's links"},
	{"GET /account/{id}/stats", managers, authzAimFreelancer, "a freelancer's profile figures"},
	{"PATCH /account/bookmark/{id}", managers, authzAimFreelancer, "the caller's own bookmark on a freelancer"},
	{"PATCH /account/follow/{id}", []string{apptest.Manager}, authzAimFreelancer, "the client manager's own follow of a freelancer"},
	{"POST /search", managers, "", "freelancers, whom every manager may find"},
}

// authzOtherRefusals are operations that refuse with another status than authzRefusals,
// touching nothing of anyone's.
var authzOtherRefusals = map[string]int{
	"GET /auth/{provider}/login":                   http.StatusFound, // to the provider
	"GET /auth/{provider}/callback":                http.StatusFound, // back to the sign-in page with a fixed code
	"POST /account/cancel-impersonate":             http.StatusConflict,
	"POST /onboard-freelancer":                     http.StatusConflict, // signed in: sign out first
	"POST /onboard-staff":                          http.StatusConflict,
	"POST /account/login":                          http.StatusServiceUnavailable, // the wrong password, throttled per address
	"POST /account/request-password-reset":         http.StatusServiceUnavailable,
	"POST /account/reset-unauthenticated-password": http.StatusServiceUnavailable,
}

// authzExceptionIndex indexes the table by "op as role" and fails on an exception naming an
// operation the document does not have.
func authzExceptionIndex(t *testing.T, ops []authzOp) map[string]authzException {
	t.Helper()
	have := map[string]bool{}
	for _, op := range ops {
		have[op.key()] = true
	}
	index := map[string]authzException{}
	for _, e := range authzExceptions {
		if !have[e.Op] {
			t.Errorf("authzExceptions names %s, which the document does not have", e.Op)
		}
		for _, role := range e.Roles {
			index[e.Op+" as "+role] = e
		}
	}
	return index
}

// authzNoControl are the reads an administrator's control call does not expect to succeed,
// and why.
var authzNoControl = map[string]string{
	"GET /account/{id}/documents/{docId}/file": "the world's document row has no stored file",
	"GET /account/{id}/profile_image/file":     "nobody in the world has a profile image",
	"GET /agenda/feed":                         "a freelancer's own feed; the administrator is none",
	"GET /calendar-connection":                 "a freelancer's own calendar connection; the administrator is none",
	"GET /calendar-connection/google/start":    "a freelancer's own calendar; the administrator is none",
	"GET /calendar-connection/google/callback": "a freelancer's own calendar; the administrator is none",
	"GET /booking/bookmark/{id}":               "saved filters are their owner's only, administrators' included",
	"GET /docuseal/token":                      "DocuSeal is not configured in tests",
}

// authzScopedLists are the excepted lists that filter by the caller's scope; the
// administrator's control answer to each must name client A's objects, so that the outsiders'
// answers, which must not, show that the filter worked and not that the request found nothing.
var authzScopedLists = map[string]bool{}

func init() {
	for _, e := range authzExceptions {
		if strings.HasPrefix(e.Why, "only ") {
			authzScopedLists[e.Op] = true
		}
	}
}

// authzCounts are the excepted answers made only of counts, which the name check cannot see
// into: an outsider must be shown zeros (authzCounted), and the administrator's control more.
var authzCounts = map[string]bool{"GET /dashboard/stats": true, "GET /agenda/stats": true}

// authzNoWriteControl are the writes whose calls an administrator's control does not expect
// to be accepted, and why.
var authzNoWriteControl = map[string]string{
	"POST /account/impersonate/{id}":                     "it would end the control's own session",
	"POST /account/cancel-impersonate":                   "the caller's own; nobody impersonates",
	"POST /account/change-email":                         "the caller's own; the password sent is wrong on purpose",
	"POST /account/change-password":                      "the caller's own; the password sent is wrong on purpose",
	"PATCH /account/passkeys/{id}":                       "a passkey is its owner's only, administrators' included",
	"DELETE /account/passkeys/{id}":                      "a passkey is its owner's only, administrators' included",
	"POST /account/passkeys/register/finish":             "the ceremony is made up; only the server issues them",
	"POST /account/passkeys/login/finish":                "the ceremony is made up; only the server issues them",
	"PATCH /notification/preferences":                    "the caller's own; the type named is nobody's",
	"PATCH /timesheet/{id}":                              "only its freelancer, A's, corrects a timesheet",
	"POST /timesheet/{id}/submit":                        "only its freelancer, A's, submits a timesheet",
	"POST /timesheet/submit":                             "only their freelancer, A's, submits timesheets",
	"POST /timesheet/{id}/expense/{expenseId}/receipt":   "only its freelancer, A's, attaches a receipt",
	"DELETE /timesheet/{id}/expense/{expenseId}/receipt": "only its freelancer, A's, removes a receipt",
	"POST /push/subscription":                            "the endpoint is A's freelancer's and the keys are not its browser's",
	"PATCH /push/subscription":                           "a device is its owner's only, administrators' included",
	"DELETE /push/subscription":                          "a device is its owner's only, administrators' included",
	"POST /push/answer":                                  "the token is made up; only the server issues them",
	"PATCH /notification/{id}":                           "only its recipient, A's freelancer, marks a notification read",
	"PATCH /invitation/{id}":                             "only the invited person answers an invitation",
	"POST /instruction/acknowledge":                      "only the instruction's freelancer acknowledges a change to it",
	"POST /agenda/feed/rotate":                           "a freelancer's own feed; the administrator is none",
	"DELETE /agenda/feed":                                "a freelancer's own feed; the administrator is none",
	"POST /calendar-connection/discover":                 "a freelancer's own calendar; the administrator is none",
	"POST /calendar-connection":                          "a freelancer's own calendar; the administrator is none",
	"POST /calendar-connection/google/discover":          "a freelancer's own Google grant; the administrator is none",
	"POST /calendar-connection/google":                   "a freelancer's own Google grant; the administrator is none",
	"PATCH /calendar-connection/{id}":                    "a freelancer's own calendar connection; the administrator is none",
	"DELETE /calendar-connection/{id}":                   "a freelancer's own calendar connection; the administrator is none",
	"POST /calendar-connection/{id}/sync":                "a freelancer's own calendar connection; the administrator is none",
	"PUT /blob-upload/{token}":                           "the token is made up; only the server issues them",
	"DELETE /booking/{id}/bookmark":                      "saved filters are their owner's only, administrators' included",
	"DELETE /job-template/{id}":                          "the template has a booking, so nobody may delete it",
	"POST /account/login/second-factor":                  "the caller has no pending login: signed in already",
	"POST /account/login/second-factor/passkey/begin":    "the caller has no pending login: signed in already",
	"POST /account/login/second-factor/passkey/finish":   "the caller has no pending login: signed in already",
	"POST /account/second-factor/totp/confirm":           "the caller's own; the code sent is wrong on purpose",
	"POST /account/second-factor/disable":                "the caller's own; the password sent is wrong on purpose",
	"POST /account/{id}/reset-second-factor":             "nobody in the world has a second factor to reset",
	"DELETE /account/sessions/{sessionId}":               "the caller's own sessions only; the one named is A's staff member's",
	"DELETE /account/{id}/sessions/{sessionId}":          "the set-password control ended the session first (accounts.TestAdminEndsUserSessionAudited)",
}

// authzIDsNoSecret are the operations whose refusals may tell an existing id from a missing
// one: a user's id is no secret (ids are sequential; people/profile answers 403 for a user one
// may not see, 404 for no such user, as the accounts tests pin).
var authzIDsNoSecret = map[string]bool{"GET /account/{id}": true, "PATCH /account/{id}": true}
