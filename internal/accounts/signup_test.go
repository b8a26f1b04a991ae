package accounts

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/mail"
)

// fakeClaimer stands in for the invitations feature: one token, accepted at most once.
type fakeClaimer struct {
	token    string
	inv      SignUpInvitation
	accepted []int64
}

func (f *fakeClaimer) FindInvitation(_ context.Context, _ *database.Tx, token string) (SignUpInvitation, error) {
	if token != f.token || len(f.accepted) > 0 {
		return SignUpInvitation{}, apperror.New(apperror.KindInvalid, apperror.CodeBadToken, "bad token")
	}
	return f.inv, nil
}

func (f *fakeClaimer) AcceptInvitation(_ context.Context, _ *database.Tx, inv SignUpInvitation, userID int64) error {
	f.accepted = append(f.accepted, userID)
	return nil
}

func TestSignUpValidation(t *testing.T) {
	ok := SignUp{Email: "a@example.com", Password: "long enough", FirstName: "A", LastName: "B", InvitationToken: "t",
		TermsAndConditions: true}
	for _, c := range []struct {
		name  string
		kind  string
		edit  func(*SignUp)
		field string
		msg   string
	}{
		{"email required", SignUpStaff, func(s *SignUp) { s.Email = " " }, "email", MsgEmailRequired},
		{"email invalid", SignUpStaff, func(s *SignUp) { s.Email = "a@" }, "email", MsgEmailInvalid},
		{"password short", SignUpStaff, func(s *SignUp) { s.Password = "short" }, "password", MsgNewPassword},
		{"password long", SignUpFreelancer, func(s *SignUp) { s.Password = strings.Repeat("x", 51) }, "password", MsgNewPassword},
		{"first name", SignUpStaff, func(s *SignUp) { s.FirstName = "  " }, "firstName", MsgFieldRequired},
		{"last name", SignUpFreelancer, func(s *SignUp) { s.LastName = "" }, "lastName", MsgFieldRequired},
		{"staff needs an invitation", SignUpStaff, func(s *SignUp) { s.InvitationToken = "" }, "invitationToken", MsgInvitationOnly},
		{"freelancer terms", SignUpFreelancer, func(s *SignUp) { s.TermsAndConditions = false }, "termsAndConditions", MsgTermsRequired},
		{"country", SignUpStaff, func(s *SignUp) { s.Country = "Britain" }, "country", MsgCountryRequired},
		{"timezone", SignUpStaff, func(s *SignUp) { s.Timezone = "Mars/Olympus" }, "timezone", MsgTimezoneRequired},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := ok
			c.edit(&in)
			_, err := in.validate(c.kind)
			e := apperror.As(err)
			if e == nil || len(e.Fields) != 1 || e.Fields[0].Loc[1] != c.field || e.Fields[0].Msg != c.msg {
				t.Fatalf("%v, want %s %q", err, c.field, c.msg)
			}
		})
	}
	in := ok
	in.TermsAndConditions = false // staff need not agree on this form
	if _, err := in.validate(SignUpStaff); err != nil {
		t.Fatal(err)
	}
	if in.Country != "GB" || in.Timezone != "Europe/London" {
		t.Errorf("defaults %q %q", in.Country, in.Timezone)
	}
	in = ok
	in.InvitationToken = "" // freelancers may sign up on their own
	if _, err := in.validate(SignUpFreelancer); err != nil {
		t.Fatal(err)
	}
}

func TestServiceSignUp(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
		db.Now = func() time.Time { return now }
		woke := 0
		s := &Service{Store: &Store{DB: db, Limits: testLimits}, BaseURL: "https://hive.example", WakeMail: func() { woke++ }}
		form := func(token, email string) SignUp {
			return SignUp{InvitationToken: token, Email: email, Password: "long enough", FirstName: "Kai", LastName: "Moss",
				TermsAndConditions: true}
		}

		claim := &fakeClaimer{token: "tok", inv: SignUpInvitation{ID: 7, Email: "Kai@Example.com", EntityID: 3, Purpose: "other"}}
		_, _, err := s.SignUp(ctx, "1.2.3.4", SignUpStaff, form("tok", "someone@example.com"), claim)
		if e := apperror.As(err); e == nil || e.Fields[0].Msg != MsgInvitationEmail {
			t.Fatalf("other address: %v", err)
		}
		_, _, err = s.SignUp(ctx, "1.2.3.4", SignUpFreelancer, form("tok", "kai@example.com"), claim)
		if e := apperror.As(err); e == nil || e.Fields[0].Msg != MsgInvitationKind {
			t.Fatalf("wrong form: %v", err)
		}
		token, u, err := s.SignUp(ctx, "1.2.3.4", SignUpStaff, form("tok", "kai@example.com"), claim)
		if err != nil {
			t.Fatal(err)
		}
		if token == "" || u.AccountStatus != StatusActive || u.Label != "Staff" || u.OnboardingState != OnboardingStaff ||
			u.IsFreelancer || len(claim.accepted) != 1 || claim.accepted[0] != u.ID {
			t.Errorf("user %+v, accepted %v", u, claim.accepted)
		}
		if p, _, err := s.Store.LoadPrincipal(ctx, token); err != nil || p == nil || p.UserID != u.ID {
			t.Errorf("session: %v %v", p, err)
		}
		var terms *time.Time
		if err := db.Get(ctx, &terms, `SELECT terms_accepted_at FROM users WHERE id = ?`, u.ID); err != nil || terms == nil {
			t.Errorf("terms: %v %v", terms, err)
		}

		claim2 := &fakeClaimer{token: "tok2", inv: SignUpInvitation{ID: 8, Email: "kai@example.com", Purpose: "freelancer"}}
		_, _, err = s.SignUp(ctx, "1.2.3.4", SignUpFreelancer, form("tok2", "kai@example.com"), claim2)
		if e := apperror.As(err); e == nil || e.Kind != apperror.KindConflict || e.Message != MsgAccountExists || len(claim2.accepted) != 0 {
			t.Fatalf("existing account: %v", err)
		}

		token, u, err = s.SignUp(ctx, "1.2.3.4", SignUpFreelancer, form("", "solo@example.com"), nil)
		if err != nil {
			t.Fatal(err)
		}
		if token != "" || u.AccountStatus != StatusInactive || u.OnboardingState != OnboardingFreelancerStarted || !u.IsFreelancer ||
			u.Label != "Freelancer" || !u.CanCreateSupplierEntity || u.CanCreateClientEntity || u.CanCreateAgencyEntity || woke != 1 {
			t.Errorf("self sign-up %+v token %q woke %d", u, token, woke)
		}
		if msgs, _ := mail.Outbox(ctx, db, "solo@example.com"); len(msgs) != 1 || !strings.Contains(msgs[0].Text, "https://hive.example/activate?token=") {
			t.Errorf("activation mail %+v", msgs)
		}

		signedIn := auth.WithPrincipal(ctx, &auth.Principal{UserID: u.ID})
		if _, _, err := s.SignUp(signedIn, "1.2.3.4", SignUpFreelancer, form("", "x@example.com"), nil); apperror.KindOf(err) != apperror.KindConflict {
			t.Errorf("signed in: %v", err)
		}

		// 20 attempts per address per window; the 21st is refused.
		for i := 0; i < 20; i++ {
			_, _, err = s.SignUp(ctx, "9.9.9.9", SignUpStaff, form("nope", "z@example.com"), claim)
		}
		if apperror.KindOf(err) == apperror.KindTooMany {
			t.Fatal("limited too early")
		}
		if _, _, err = s.SignUp(ctx, "9.9.9.9", SignUpStaff, form("nope", "z@example.com"), claim); apperror.KindOf(err) != apperror.KindTooMany {
			t.Errorf("21st attempt: %v", err)
		}
	})
}
