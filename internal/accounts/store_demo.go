package accounts

import (
	"context"
	"strings"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// DemoPassword is the password of every demo login.
const DemoPassword = "HiveDemo2026!"

// DemoLogin is one account `hive seed demo` creates, printed by `make run`.
type DemoLogin struct {
	Email, Role string
}

// demoUsers are the fixed demo logins first, then freelancers to find and book.
var demoUsers = []struct {
	User
	Role string
}{
	{User{Email: "admin@hive.test", FirstName: "Ada", LastName: "Admin", Label: "Administrator", CanAdmin: true,
		CanCreateSupplierEntity: true, CanCreateAgencyEntity: true, CanCreateClientEntity: true}, "administrator"},
	{User{Email: "manager@hive.test", FirstName: "Morgan", LastName: "Mills", Label: "Production Manager",
		CanCreateClientEntity: true, CanCreateSupplierEntity: true}, "client manager"},
	{User{Email: "dept@hive.test", FirstName: "Devi", LastName: "Patel", Label: "Head of Sport Production"}, "department manager"},
	{User{Email: "staff@hive.test", FirstName: "Sam", LastName: "Turner", Label: "Production Coordinator"}, "staff"},
	{User{Email: "freelancer@hive.test", FirstName: "Felix", LastName: "Reid", Label: "Camera Operator", IsFreelancer: true,
		OnboardingState: OnboardingComplete}, "freelancer"},
	{User{Email: "inactive@hive.test", FirstName: "Iris", LastName: "Quinn", Label: "Freelancer", IsFreelancer: true,
		AccountStatus: StatusInactive, OnboardingState: OnboardingFreelancerStarted}, "freelancer, not yet activated"},
	{User{Email: "reset@hive.test", FirstName: "Ravi", LastName: "Shah", Label: "Sound Supervisor", IsFreelancer: true,
		AccountStatus: StatusResetRequired, OnboardingState: OnboardingComplete}, "freelancer, password reset required"},
	// Manages the agency Pinnacle Talent and books for the department Harbour Studios gave it
	// (the organisation demo links both; docs/decisions.md 'Agencies').
	{User{Email: "agency@hive.test", FirstName: "Alex", LastName: "Carter", Label: "Talent Agent"},
		"agency manager (Pinnacle Talent, books for Harbour Studios Factual)"},
}

// demoFreelancers are name and trade of the extra freelancers.
var demoFreelancers = [][3]string{
	{"Amelia", "Hughes", "Vision Mixer"}, {"Oliver", "Bennett", "Lighting Director"},
	{"Chloe", "Okafor", "Floor Manager"}, {"Harry", "Lindqvist", "Sound Assistant"},
	{"Isla", "MacLeod", "Graphics Operator"}, {"Jack", "Nowak", "EVS Operator"},
	{"Grace", "Adeyemi", "Camera Operator"}, {"Noah", "Fitzgerald", "Steadicam Operator"},
	{"Sophie", "Castellano", "Production Assistant"}, {"Leo", "Whitaker", "Rigger"},
	{"Priya", "Raman", "Autocue Operator"}, {"Tom", "Gallagher", "Editor"},
	// Two who run their own limited companies, one VAT registered and one not (the organisation
	// demo adds the companies), so a substitution between them shows the VAT warning.
	{"Maya", "Chen", "Camera Operator"}, {"Daniel", "Osei", "Camera Operator"},
}

// SeedDemo creates the demo accounts that do not exist yet and returns the logins. It can run
// any number of times.
func SeedDemo(ctx context.Context, db *database.DB) ([]DemoLogin, error) {
	hash, err := auth.HashPassword(DemoPassword)
	if err != nil {
		return nil, err
	}
	users := demoUsers
	for _, f := range demoFreelancers {
		email := strings.ToLower(f[0]+"."+f[1]) + "@hive.test"
		users = append(users, struct {
			User
			Role string
		}{User{Email: email, FirstName: f[0], LastName: f[1], Label: f[2], IsFreelancer: true,
			OnboardingState: OnboardingComplete}, ""})
	}
	var logins []DemoLogin
	err = db.InTx(ctx, func(tx *database.Tx) error {
		for _, d := range users {
			u := d.User
			if d.Role != "" {
				logins = append(logins, DemoLogin{Email: u.Email, Role: d.Role})
			}
			var exists int
			if err := tx.Get(ctx, &exists, `SELECT COUNT(*) FROM users WHERE email_lc = ?`, strings.ToLower(u.Email)); err != nil {
				return err
			}
			if exists > 0 {
				continue
			}
			u.PasswordHash, u.Country, u.Timezone = hash, "GB", "Europe/London"
			if u.AccountStatus == "" {
				u.AccountStatus = StatusActive
			}
			if u.OnboardingState == "" {
				u.OnboardingState = OnboardingStaff
			}
			if err := createUser(ctx, tx, &u); err != nil {
				return err
			}
		}
		return nil
	})
	return logins, err
}
