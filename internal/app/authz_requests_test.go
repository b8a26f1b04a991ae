package app_test

import (
	"fmt"
	"strings"
	"time"
)

// authzAimFreelancer marks the calls at client A's freelancer.
const authzAimFreelancer = "freelancer"

// authzRequest is one call of an operation: its path with every parameter filled with an
// object of client A (and its query), a plausible body, and headers.
type authzRequest struct {
	Aim     string // "freelancer" when the call aims at A's freelancer, whom every manager may see
	Path    string
	Body    any
	Headers []string
}

// authzNoCalDAV is a CalDAV address where nothing answers (port 1 of the loopback), so discovery
// fails at once.
const authzNoCalDAV = "http://127.0.0.1:1/"

// authzRequests gives, for the caller me (0 for a visitor), the calls of each operation
// ("METHOD /template") that aims at client A's objects. Every operation with a path
// parameter or a request body must have an entry (TestAuthorizationMatrix fails otherwise),
// so a new operation cannot slip past the matrix; an operation without either is called as
// it stands. Bodies are what a client would send, so that a refusal is the authorization's
// and not the validation's (the administrator's control calls show them accepted).
func authzRequests(w authzWorld, me int64) map[string][]authzRequest {
	f := fmt.Sprintf
	one := func(path string, body any) []authzRequest { return []authzRequest{{Path: path, Body: body}} }
	people := func(format string, body any) []authzRequest { // a staff member and a freelancer of A
		return []authzRequest{{Path: f(format, w.StaffA), Body: body}, {Aim: authzAimFreelancer, Path: f(format, w.FreelancerA), Body: body}}
	}
	rate := map[string]any{"rate": 1, "currency": "GBP", "period": "day"}
	reports := []authzRequest{}
	for _, kind := range []string{"agency", "bookings", "entities", "users", "jobTemplates", "financialMetrics", "timesheets", "invoices"} {
		reports = append(reports, authzRequest{Path: "/administration/report", Body: map[string]any{"reportType": kind,
			"startDate": "2027-03-01", "endDate": "2027-03-31", "clientIds": []int64{w.ClientA},
			"departmentIds": []int64{w.DeptA1}, "jobIds": []int64{w.JobTemplate}, "userIds": []int64{w.FreelancerA}}})
	}
	multipart := "--authz\r\nContent-Disposition: form-data; name=\"file\"; filename=\"cv.pdf\"\r\n" +
		"Content-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--authz--\r\n"
	assoc := func(kind string, link int64, patch map[string]any, byUser int64) map[string][]authzRequest {
		base := "/associations/" + kind
		return map[string][]authzRequest{
			"GET " + base + "/{id}":              one(f("%s/%d", base, link), nil),
			"PATCH " + base + "/{id}":            one(f("%s/%d", base, link), patch),
			"DELETE " + base + "/{id}":           one(f("%s/%d", base, link), nil),
			"GET " + base + "/by-user-id/{id}":   one(f("%s/by-user-id/%d", base, byUser), nil),
			"GET " + base + "/by-entity-id/{id}": one(f("%s/by-entity-id/%d", base, w.ClientA), nil),
		}
	}
	r := map[string][]authzRequest{
		// Accounts: A's staff member and A's freelancer.
		"POST /account": one("/account", map[string]any{"email": "intruder@example.com", "firstName": "In",
			"lastName": "Truder", "entityIds": []int64{w.ClientA}}),
		"POST /account/activate-account":           one("/account/activate-account", map[string]any{"activationToken": strings.Repeat("a", 43), "password": "Intruder2026!"}),
		"POST /account/check-token":                one("/account/check-token", map[string]any{"token": strings.Repeat("a", 43), "purpose": "activation"}),
		"PATCH /account/bookmark/{id}":             people("/account/bookmark/%d", map[string]any{"bookmarked": true}),
		"POST /account/change-email":               one("/account/change-email", map[string]any{"newEmail": "quentin.staff@example.com", "currentPassword": "wrong-password"}),
		"POST /account/change-password":            one("/account/change-password", map[string]any{"currentPassword": "wrong-password", "newPassword": "Intruder2026!"}),
		"POST /account/confirm-email":              one("/account/confirm-email", map[string]any{"token": strings.Repeat("a", 43)}),
		"PATCH /account/follow/{id}":               people("/account/follow/%d", map[string]any{"followed": true}),
		"POST /account/impersonate/{id}":           people("/account/impersonate/%d", nil),
		"GET /account/internal-note/entities/{id}": one(f("/account/internal-note/entities/%d", w.FreelancerA), nil),
		"GET /account/internal-note/{id}":          one(f("/account/internal-note/%d", w.FreelancerA), nil),
		"POST /account/login":                      one("/account/login", map[string]any{"email": "quentin.staff@example.com", "password": "wrong-password"}),
		"PATCH /account/passkeys/{id}":             one(f("/account/passkeys/%d", w.Passkey), map[string]any{"name": "Intruder"}),
		// A freelancer's own calendar connection: FreelancerA's, and new ones to a server that
		// does not answer (discovery fails fast).
		"POST /calendar-connection/discover": one("/calendar-connection/discover", map[string]any{
			"serverUrl": authzNoCalDAV, "username": "intruder", "password": "app-password"}),
		"POST /calendar-connection": one("/calendar-connection", map[string]any{"serverUrl": authzNoCalDAV,
			"username": "intruder", "password": "app-password", "readCalendar": "/a/personal/", "writeCalendar": "/a/work/"}),
		"POST /calendar-connection/google": one("/calendar-connection/google", map[string]any{
			"readCalendar": "/a/personal/", "writeCalendar": "/a/work/"}),
		"PATCH /calendar-connection/{id}":     one(f("/calendar-connection/%d", w.CalendarConnection), map[string]any{"intervalMinutes": 15}),
		"DELETE /calendar-connection/{id}":    one(f("/calendar-connection/%d", w.CalendarConnection), nil),
		"POST /calendar-connection/{id}/sync": one(f("/calendar-connection/%d/sync", w.CalendarConnection), nil),
		"DELETE /account/passkeys/{id}":       one(f("/account/passkeys/%d", w.Passkey), nil),
		"POST /account/passkeys/register/finish": one("/account/passkeys/register/finish", map[string]any{
			"ceremony": strings.Repeat("a", 43), "name": "Intruder", "credential": authzPasskeyAnswer("attestationObject")}),
		"POST /account/passkeys/login/finish": one("/account/passkeys/login/finish", map[string]any{
			"ceremony": strings.Repeat("a", 43), "credential": authzPasskeyAnswer("authenticatorData", "signature")}),
		"POST /account/login/second-factor":               one("/account/login/second-factor", map[string]any{"code": "123456"}),
		"POST /account/login/second-factor/passkey/begin": one("/account/login/second-factor/passkey/begin", nil),
		"POST /account/login/second-factor/passkey/finish": one("/account/login/second-factor/passkey/finish", map[string]any{
			"ceremony": strings.Repeat("a", 43), "credential": authzPasskeyAnswer("authenticatorData", "signature")}),
		"POST /account/second-factor/totp":             one("/account/second-factor/totp", nil),
		"POST /account/second-factor/totp/confirm":     one("/account/second-factor/totp/confirm", map[string]any{"code": "000000"}),
		"POST /account/second-factor/disable":          one("/account/second-factor/disable", map[string]any{"password": "wrong-password", "code": "000000"}),
		"POST /account/request-password-reset":         one("/account/request-password-reset", map[string]any{"email": "quentin.staff@example.com"}),
		"POST /account/reset-password":                 one("/account/reset-password", map[string]any{"token": strings.Repeat("a", 43), "password": "Intruder2026!"}),
		"POST /account/reset-unauthenticated-password": one("/account/reset-unauthenticated-password", map[string]any{"email": "quentin.staff@example.com"}),
		"PATCH /account/update-internal-note": {
			{Path: "/account/update-internal-note", Body: map[string]any{"freelancer_id": w.FreelancerA, "entity_id": w.ClientA,
				"note_id": w.Note, "version": 1, "title": "Changed", "description": "changed"}},
			{Path: "/account/update-internal-note", Body: map[string]any{"freelancer_id": w.FreelancerA, "entity_id": w.ClientA,
				"title": "Planted", "description": "planted"}},
		},
		"GET /account/{id}":                         people("/account/%d", nil),
		"PATCH /account/{id}":                       people("/account/%d", map[string]any{"version": 1, "label": "Changed"}),
		"GET /account/{id}/documents":               one(f("/account/%d/documents", w.FreelancerA), nil),
		"POST /account/{id}/documents":              {{Path: f("/account/%d/documents", w.FreelancerA), Body: multipart, Headers: []string{"Content-Type", "multipart/form-data; boundary=authz"}}},
		"DELETE /account/{id}/documents/{docId}":    one(f("/account/%d/documents/%d", w.FreelancerA, w.UserDocument), nil),
		"GET /account/{id}/documents/{docId}/file":  one(f("/account/%d/documents/%d/file", w.FreelancerA, w.UserDocument), nil),
		"GET /account/{id}/profile_image":           people("/account/%d/profile_image", nil),
		"GET /account/{id}/profile_image/file":      people("/account/%d/profile_image/file", nil),
		"POST /account/{id}/reset-second-factor":    people("/account/%d/reset-second-factor", nil),
		"POST /account/{id}/set-password":           people("/account/%d/set-password", map[string]any{"password": "Intruder2026!"}),
		"GET /account/{id}/stats":                   {{Aim: authzAimFreelancer, Path: f("/account/%d/stats", w.FreelancerA)}},
		"GET /account":                              one("/account?search="+authzSecret, nil),
		"POST /administration/report":               reports,
		"GET /agenda":                               {{Path: "/agenda?as=manager&startDate=2027-03-01&endDate=2027-03-31"}, {Path: "/agenda?as=freelancer&startDate=2027-03-01&endDate=2027-03-31"}},
		"GET /agenda/stats":                         one("/agenda/stats?startDate=2027-03-01&endDate=2027-03-31", nil),
		"GET /account/{id}/sessions":                people("/account/%d/sessions", nil),
		"DELETE /account/{id}/sessions/{sessionId}": one(f("/account/%d/sessions/%d", w.StaffA, w.StaffSession), nil),
		"DELETE /account/sessions/{sessionId}":      one(f("/account/sessions/%d", w.StaffSession), nil),

		// Links.
		"GET /associations/entity-legal-entity-refs":  one(f("/associations/entity-legal-entity-refs?entityIds=%d", w.ClientA), nil),
		"POST /associations/entity-legal-entity-refs": one("/associations/entity-legal-entity-refs", map[string]any{"entityId": w.ClientA, "legalEntityId": w.LegalB}),
		"GET /associations/user-department-refs":      one(f("/associations/user-department-refs?departmentIds=%d", w.DeptA1), nil),
		"POST /associations/user-department-refs": one("/associations/user-department-refs", map[string]any{"userId": me,
			"departmentId": w.DeptA1, "canManage": true, "canSelect": true, "canHire": true}),
		"GET /associations/user-entity-refs": one(f("/associations/user-entity-refs?entityIds=%d", w.ClientA), nil),
		"POST /associations/user-entity-refs": one("/associations/user-entity-refs", map[string]any{"userId": me,
			"entityId": w.ClientA, "canManage": true, "canSelect": true}),

		// Auth providers and uploads: public, with nothing of A to aim at.
		"GET /auth/{provider}/callback": one("/auth/google/callback?state=forged&code=forged", nil),
		"GET /auth/{provider}/login":    one("/auth/google/login", nil),
		"PUT /blob-upload/{token}":      {{Path: "/blob-upload/" + strings.Repeat("a", 43), Body: "image", Headers: []string{"Content-Type", "image/png"}}},

		// Bookings.
		"GET /booking":               one(f("/booking?departmentIds=%d", w.DeptA1), nil),
		"POST /booking":              one("/booking", map[string]any{"jobTemplateId": w.JobTemplate, "dates": []string{"2027-04-01"}}),
		"POST /booking/bookmark":     one("/booking/bookmark", map[string]any{"description": "mine"}),
		"GET /booking/bookmark/{id}": one(f("/booking/bookmark/%d", w.Bookmark), nil),
		"GET /booking/stats/{id}":    one(f("/booking/stats/%d", w.Booking), nil),
		"GET /booking/summary": one(f("/booking/summary?startDate=2027-03-01&endDate=2027-03-31&departmentIds=%d&clientIds=%d",
			w.DeptA1, w.ClientA), nil),
		"GET /booking/{id}":             one(f("/booking/%d", w.Booking), nil),
		"PATCH /booking/{id}":           one(f("/booking/%d", w.Booking), map[string]any{"version": 1, "title": "Changed"}),
		"DELETE /booking/{id}/bookmark": one(f("/booking/%d/bookmark", w.Bookmark), nil),
		"GET /booking/{id}/placement-template/{placementTemplateId}/available-suppliers": one(
			f("/booking/%d/placement-template/%d/available-suppliers?placementIds=%d", w.Booking, w.PlacementTemplate, w.Placement), nil),
		"GET /calendar/{token}.ics": one("/api/calendar/"+strings.Repeat("a", 43)+".ics", nil),
		"GET /dashboard/stats":      one(f("/dashboard/stats?startDate=2027-03-01&endDate=2027-03-31&clientIds=%d", w.ClientA), nil),

		// Departments.
		"GET /department":                           one(f("/department?clientId=%d", w.ClientA), nil),
		"POST /department":                          one("/department", map[string]any{"clientId": w.ClientA, "name": "Planted"}),
		"GET /department/{id}":                      one(f("/department/%d", w.DeptA1), nil),
		"PATCH /department/{id}":                    one(f("/department/%d", w.DeptA1), map[string]any{"version": 1, "name": "Changed"}),
		"GET /department/{id}/hireable-freelancers": one(f("/department/%d/hireable-freelancers", w.DeptA1), nil),
		"GET /department/{id}/job-templates":        one(f("/department/%d/job-templates", w.DeptA1), nil),

		// Documents to sign.
		"POST /document-signing/request": one("/document-signing/request", map[string]any{"bookingId": w.Booking,
			"title": "Planted", "dueDate": "2027-03-01", "documentUrl": "https://docs.example.com/planted.pdf"}),
		"POST /docuseal/webhook": one("/docuseal/webhook", map[string]any{"event_type": "form.completed",
			"data": map[string]any{"submission_id": 1}}),

		// Entities and tags.
		"GET /entity":                             one("/entity?name="+authzSecret, nil),
		"POST /entity":                            one("/entity", map[string]any{"name": "Intruder Media", "type": "client"}),
		"GET /entity/by-user-id/{id}":             people("/entity/by-user-id/%d", nil),
		"POST /entity/job-title-tag":              one("/entity/job-title-tag", map[string]any{"entityId": w.ClientA, "job_title_name": "Planted"}),
		"PATCH /entity/job-title-tag/{id}":        one(f("/entity/job-title-tag/%d", w.JobTitleTag), map[string]any{"id": w.JobTitleTag, "job_title_name": "Changed", "version": 1}),
		"DELETE /entity/job-title-tag/{id}":       one(f("/entity/job-title-tag/%d", w.JobTitleTag), nil),
		"POST /entity/skill-tag":                  one("/entity/skill-tag", map[string]any{"entityId": w.ClientA, "skill_tag_name": "Planted"}),
		"PATCH /entity/skill-tag/{id}":            one(f("/entity/skill-tag/%d", w.SkillTag), map[string]any{"id": w.SkillTag, "skill_tag_name": "Changed", "version": 1}),
		"DELETE /entity/skill-tag/{id}":           one(f("/entity/skill-tag/%d", w.SkillTag), nil),
		"GET /entity/tag":                         one(f("/entity/tag?entityId=%d", w.ClientA), nil),
		"GET /entity/tag/{id}":                    one(f("/entity/tag/%d", w.OtherTag), nil),
		"PATCH /entity/tag/{id}":                  one(f("/entity/tag/%d", w.OtherTag), map[string]any{"id": w.OtherTag, "name": "Changed", "version": 1}),
		"DELETE /entity/tag/{id}":                 one(f("/entity/tag/%d", w.OtherTag), nil),
		"POST /entity/validate-company-number":    one("/entity/validate-company-number", map[string]any{"companyNumber": "12345678"}),
		"POST /entity/validate-iban":              one("/entity/validate-iban", map[string]any{"iban": "GB82WEST12345698765432"}),
		"GET /entity/{id}":                        one(f("/entity/%d", w.ClientA), nil),
		"PATCH /entity/{id}":                      one(f("/entity/%d", w.ClientA), map[string]any{"version": 1, "name": "Changed"}),
		"PUT /entity/{id}/second-factor-required": one(f("/entity/%d/second-factor-required", w.ClientA), map[string]any{"required": false}), // false: on, it would hold the control administrator, a manager of A
		"GET /entity/{id}/department":             one(f("/entity/%d/department", w.ClientA), nil),
		"GET /entity/{id}/booking-rules":          one(f("/entity/%d/booking-rules", w.ClientA), nil),
		"PUT /entity/{id}/booking-rules": one(f("/entity/%d/booking-rules", w.ClientA), map[string]any{"version": 0,
			"dailyRestMinutes": 600, "maxDaysInRow": 6, "weeklyRestMinutes": 1440, "holdChallengeMinutes": 1440,
			"answerReminderMinutes": 120}),
		"GET /entity/{id}/billing-rules": one(f("/entity/%d/billing-rules", w.ClientA), nil),
		"PUT /entity/{id}/billing-rules": one(f("/entity/%d/billing-rules", w.ClientA), map[string]any{"version": 0,
			"disputeWindowHours": 48, "overtimeThresholdMinutes": 600, "overtimeMultiplierPct": 150,
			"invoicePeriod": "week", "paymentDays": 14}),
		// Timesheets: FreelancerA's, of department A1.
		"GET /timesheet/{id}":                                one(f("/timesheet/%d", w.Timesheet), nil),
		"PATCH /timesheet/{id}":                              one(f("/timesheet/%d", w.Timesheet), map[string]any{"version": 1, "note": "Changed"}),
		"POST /timesheet/{id}/submit":                        one(f("/timesheet/%d/submit", w.Timesheet), nil),
		"POST /timesheet/submit":                             one("/timesheet/submit", map[string]any{"ids": []int64{w.Timesheet}}),
		"POST /timesheet/{id}/approve":                       one(f("/timesheet/%d/approve", w.Timesheet), nil),
		"POST /timesheet/{id}/dispute":                       one(f("/timesheet/%d/dispute", w.Timesheet2), map[string]any{"reason": "Wrong end"}),
		"GET /timesheet/{id}/expense/{expenseId}/receipt":    one(f("/timesheet/%d/expense/%d/receipt", w.Timesheet, w.Expense), nil),
		"DELETE /timesheet/{id}/expense/{expenseId}/receipt": one(f("/timesheet/%d/expense/%d/receipt", w.Timesheet, w.Expense), nil),
		"POST /timesheet/{id}/expense/{expenseId}/receipt": {{Path: f("/timesheet/%d/expense/%d/receipt", w.Timesheet, w.Expense),
			Body: multipart, Headers: []string{"Content-Type", "multipart/form-data; boundary=authz"}}},
		"POST /entity/{id}/tag":               one(f("/entity/%d/tag", w.ClientA), map[string]any{"category": "other", "name": "Planted"}),
		"GET /entity/{id}/tags":               one(f("/entity/%d/tags", w.ClientA), nil),
		"GET /entity/{id}/tags/by-department": one(f("/entity/%d/tags/by-department", w.ClientA), nil),

		// History.
		"GET /history/booking/{id}":      one(f("/history/booking/%d", w.Booking), nil),
		"GET /history/entity/{id}":       one(f("/history/entity/%d", w.ClientA), nil),
		"GET /history/legal-entity/{id}": one(f("/history/legal-entity/%d", w.LegalA), nil),
		"GET /history/user/{id}":         people("/history/user/%d", nil),
		"GET /history/{id}":              one(f("/history/%d", w.History), nil),

		// Instructions and placements.
		"POST /instruction/{id}/hold/confirm":   one(f("/instruction/%d/hold/confirm", w.HoldFirst), nil),
		"POST /instruction/{id}/hold/release":   one(f("/instruction/%d/hold/release", w.HoldOther), map[string]any{"reason": "x"}),
		"POST /instruction/{id}/hold/challenge": one(f("/instruction/%d/hold/challenge", w.HoldSecond), nil),
		"POST /instruction/{id}/working-time-override": one(f("/instruction/%d/working-time-override", w.Instruction2),
			map[string]any{"reason": "Planted"}),
		"PATCH /instruction/answer-by": {
			{Path: "/instruction/answer-by", Body: map[string]any{"ids": []int64{w.Instruction2}, "answerBy": "2027-02-01T00:00:00Z"}},
			{Path: "/instruction/answer-by", Body: map[string]any{"ids": []int64{w.Instruction}, "answerBy": "2027-02-01T00:00:00Z"}},
		},
		"PATCH /instruction/rate":       one("/instruction/rate", map[string]any{"ids": []int64{w.Instruction2}, "sellRate": rate}),
		"POST /instruction/acknowledge": one("/instruction/acknowledge", map[string]any{"ids": []int64{w.Instruction}}),
		"PATCH /instruction/status": {
			{Path: "/instruction/status", Body: []any{map[string]any{"id": w.Instruction2, "clientStatus": "cancelled", "cancellationReason": "x"}}},
			{Path: "/instruction/status", Body: []any{map[string]any{"id": w.Instruction2, "supplierStatus": "accepted"}}},
		},
		"PATCH /placements": one("/placements", []any{map[string]any{"id": w.Placement, "title": "Changed", "startTime": "10:00",
			"endTime": "18:00", "supplierNotes": "", "unpaidBreaks": 0}}),
		"DELETE /placements":                        one("/placements", map[string]any{"ids": []int64{w.Placement2}, "cancellationReason": "x"}),
		"GET /placement/{id}/available-substitutes": one(f("/placement/%d/available-substitutes?instructionId=%d", w.Placement, w.Instruction), nil),
		"POST /placement/{id}/grant": {
			{Path: f("/placement/%d/grant", w.Placement2), Body: map[string]any{"placementIds": []int64{w.Placement2}, "userIds": []int64{me}}},
			{Path: f("/placement/%d/grant", w.Placement2), Body: map[string]any{"placementIds": []int64{w.Placement2},
				"userIds": []int64{w.Hireable}}},
		},
		"POST /placement/{id}/grant-substitution": {
			{Path: f("/placement/%d/grant-substitution", w.Placement), Body: map[string]any{"id": w.Instruction, "userIds": []int64{me}}},
			{Path: f("/placement/%d/grant-substitution", w.Placement), Body: map[string]any{"id": w.Instruction,
				"userIds": []int64{w.Substitute}}},
		},
		"PATCH /placement-template/{id}": one(f("/placement-template/%d", w.PlacementTpl2), map[string]any{"version": 1,
			"title": "Changed", "startTime": "10:00", "endTime": "18:00"}),
		"DELETE /placement-template/{id}": one(f("/placement-template/%d", w.PlacementTpl2), nil),

		// Offer waterfalls: start one on A's booking, read, add candidates, reorder, pause or stop.
		"POST /booking/{id}/waterfall": {
			{Path: f("/booking/%d/waterfall", w.Booking), Body: map[string]any{"placementIds": []int64{w.Placement2},
				"userIds": []int64{me}, "places": 1, "openAtOnce": 1, "offerLifetimeMinutes": 240}},
			{Path: f("/booking/%d/waterfall", w.Booking), Body: map[string]any{"placementIds": []int64{w.Placement2},
				"userIds": []int64{w.Hireable}, "places": 1, "openAtOnce": 1, "offerLifetimeMinutes": 240}},
		},
		"GET /booking/{id}/waterfalls": one(f("/booking/%d/waterfalls", w.Booking), nil),
		"POST /waterfall/{id}/candidates": {
			{Path: f("/waterfall/%d/candidates", w.Waterfall), Body: map[string]any{"userIds": []int64{me}, "version": 1}},
			{Path: f("/waterfall/%d/candidates", w.Waterfall), Body: map[string]any{"userIds": []int64{w.FreelancerA}, "version": 1}},
		},
		"PUT /waterfall/{id}/order": { // the candidate added before it (writes go POST, PUT, PATCH) moved the version on
			{Path: f("/waterfall/%d/order", w.Waterfall), Body: map[string]any{"userIds": []int64{w.Substitute}, "version": 1}},
			{Path: f("/waterfall/%d/order", w.Waterfall), Body: map[string]any{"userIds": []int64{w.FreelancerA, w.Substitute}, "version": 2}},
		},
		"PATCH /waterfall/{id}": { // so did the reorder
			{Path: f("/waterfall/%d", w.Waterfall), Body: map[string]any{"action": "pause", "version": 1}},
			{Path: f("/waterfall/%d", w.Waterfall), Body: map[string]any{"action": "pause", "version": 3}},
		},

		// Invitations.
		"GET /invitation":                one("/invitation?email=invitee@example.com", nil),
		"POST /invitation":               one("/invitation", map[string]any{"entityId": w.ClientA, "email": "planted@example.com", "purpose": "staff"}),
		"GET /invitation/by-entity/{id}": one(f("/invitation/by-entity/%d", w.ClientA), nil),
		"GET /invitation/by-user/{id}":   people("/invitation/by-user/%d", nil),
		"GET /invitation/token/{token}":  one("/invitation/token/"+strings.Repeat("a", 43), nil),
		"GET /invitation/{id}":           one(f("/invitation/%d", w.Invitation), nil),
		"PATCH /invitation/{id}":         one(f("/invitation/%d", w.Invitation), map[string]any{"status": "accepted", "version": 1}),

		// Job templates and rate cards.
		"GET /job-template":         one(f("/job-template?departmentId=%d", w.DeptA1), nil),
		"POST /job-template":        one("/job-template", map[string]any{"departmentId": w.DeptA1, "title": "Planted"}),
		"GET /job-template/{id}":    one(f("/job-template/%d", w.JobTemplate), nil),
		"PATCH /job-template/{id}":  one(f("/job-template/%d", w.JobTemplate), map[string]any{"version": 1, "title": "Changed"}),
		"DELETE /job-template/{id}": one(f("/job-template/%d", w.JobTemplate), nil),
		"POST /job-template/{id}/placement-template": one(f("/job-template/%d/placement-template", w.JobTemplate),
			map[string]any{"title": "Planted", "startTime": "09:00", "endTime": "17:00"}),
		"GET /job/brief":      one(f("/job/brief?user_ids=%d", w.FreelancerA), nil),
		"GET /job/{id}/brief": one(f("/job/%d/brief", w.JobTemplate), nil),
		"GET /rate-card":      one(f("/rate-card?placementTemplateId=%d", w.PlacementTemplate), nil),
		"POST /rate-card": one("/rate-card", map[string]any{"placementTemplateId": w.PlacementTpl2, "userId": w.FreelancerA,
			"sellRate": rate}),
		"GET /rate-card/by-placement-template-id/{id}": one(f("/rate-card/by-placement-template-id/%d", w.PlacementTemplate), nil),
		"GET /rate-card/{id}":                          one(f("/rate-card/%d", w.RateCard), nil),
		"PATCH /rate-card/{id}":                        one(f("/rate-card/%d", w.RateCard), map[string]any{"version": 1, "sellRate": rate}),
		"DELETE /rate-card/{id}":                       one(f("/rate-card/%d", w.RateCard), nil),

		// Legal entities.
		"GET /legal-entity": one(f("/legal-entity?entityId=%d", w.ClientA), nil),
		"POST /legal-entity": one("/legal-entity", map[string]any{"type": "uk_private_limited", "companyName": "Planted Ltd",
			"entityIds": []int64{w.ClientA}}),
		"GET /legal-entity/{id}":              one(f("/legal-entity/%d", w.LegalA), nil),
		"GET /legal-entity/{id}/self-billing": one(f("/legal-entity/%d/self-billing", w.LegalA), nil),
		"PUT /legal-entity/{id}/self-billing": one(f("/legal-entity/%d/self-billing", w.LegalA),
			map[string]any{"agreed": true, "version": 0}),
		// Invoices: client A's invoice (to LegalC, for A's freelancer).
		"GET /invoice/{id}":     one(f("/invoice/%d", w.Invoice), nil),
		"GET /invoice/{id}/pdf": one(f("/invoice/%d/pdf", w.Invoice), nil),
		"PATCH /invoice/{id}": one(f("/invoice/%d", w.Invoice), map[string]any{"status": "paid",
			"paidOn": time.Now().UTC().Format(time.DateOnly), "version": 1}),
		"POST /invoice/issue":      one("/invoice/issue", map[string]any{"clientId": w.ClientA, "through": "2027-03-31"}),
		"PATCH /legal-entity/{id}": one(f("/legal-entity/%d", w.LegalA), map[string]any{"version": 1, "companyName": "Changed Ltd"}),

		// Notifications.
		"GET /notification/by-user/{id}": people("/notification/by-user/%d", nil),
		"PATCH /notification/preferences": one("/notification/preferences", map[string]any{"items": []any{
			map[string]any{"identifier": "instruction_granted", "enabled": true}}}),
		"POST /notification/unsubscribe": one("/notification/unsubscribe", map[string]any{"token": strings.Repeat("a", 43)}),
		// A device's push subscription: FreelancerA's endpoint, with other keys (only the
		// browser holding it knows its auth secret), and a made-up answer token.
		"POST /push/subscription": one("/push/subscription", map[string]any{"endpoint": authzPushEndpoint,
			"keys": map[string]any{"p256dh": "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
				"auth": "AAAAAAAAAAAAAAAAAAAAAA"}}),
		"PATCH /push/subscription": one("/push/subscription", map[string]any{"endpoint": authzPushEndpoint,
			"items": []any{map[string]any{"identifier": "supplier.offered", "enabled": false}}}),
		"DELETE /push/subscription": one("/push/subscription", map[string]any{"endpoint": authzPushEndpoint}),
		"POST /push/answer":         one("/push/answer", map[string]any{"token": strings.Repeat("a", 43) + "." + strings.Repeat("b", 43)}),
		"GET /notification/{id}":    one(f("/notification/%d", w.Notification), nil),
		"PATCH /notification/{id}":  one(f("/notification/%d", w.Notification), map[string]any{"readReceipt": "2027-03-01T10:00:00Z"}),

		// Public sign-up, with an invitation token nobody issued.
		"POST /onboard-freelancer": one("/onboard-freelancer", map[string]any{"email": "quentin.staff@example.com",
			"firstName": "In", "lastName": "Truder", "password": "Intruder2026!", "termsAndConditions": true,
			"invitationToken": strings.Repeat("a", 43)}),
		"POST /onboard-staff": one("/onboard-staff", map[string]any{"email": "quentin.staff@example.com",
			"firstName": "In", "lastName": "Truder", "password": "Intruder2026!", "termsAndConditions": true,
			"invitationToken": strings.Repeat("a", 43)}),

		// Search and availability.
		"POST /search":           one("/search", map[string]any{"data": map[string]any{"query": "Amelia"}}),
		"DELETE /unavailability": one("/unavailability", map[string]any{"dates": []string{"2027-03-02"}, "userId": w.FreelancerA}),
		"POST /unavailability":   one("/unavailability", map[string]any{"dates": []string{"2027-03-03"}, "userId": w.FreelancerA}),
		"GET /unavailability/by-user-ids": one(f("/unavailability/by-user-ids?userIds=%d&userIds=%d&startDate=2027-03-01&endDate=2027-03-31",
			w.FreelancerA, w.StaffA), nil),
		"GET /unavailability/{id}": people("/unavailability/%d", nil),
	}
	r["GET /associations/user-department-refs/by-department-id/{id}"] = one(
		f("/associations/user-department-refs/by-department-id/%d", w.DeptA1), nil)
	for _, kind := range []struct {
		name   string
		link   int64
		patch  map[string]any
		byUser int64
	}{
		{"entity-legal-entity-refs", w.LegalLinkA, map[string]any{"version": 1, "legalEntityId": w.LegalC}, w.StaffA},
		{"user-department-refs", w.StaffDeptLink, map[string]any{"version": 1, "canManage": true}, w.StaffA},
		{"user-entity-refs", w.StaffEntityLink, map[string]any{"version": 1, "canManage": true}, w.StaffA},
	} {
		for k, v := range assoc(kind.name, kind.link, kind.patch, kind.byUser) {
			r[k] = v
		}
	}
	delete(r, "GET /associations/user-department-refs/by-entity-id/{id}") // departments' links are listed by department
	return r
}

// authzPasskeyAnswer is a browser's answer to a passkey ceremony in WebAuthn's JSON form, with
// made-up values in fields.
func authzPasskeyAnswer(fields ...string) map[string]any {
	response := map[string]any{"clientDataJSON": "e30"}
	for _, f := range fields {
		response[f] = "AAAA"
	}
	return map[string]any{"id": "QUxERVJNT09S", "rawId": "QUxERVJNT09S", "type": "public-key", "response": response}
}
