package directory

import (
	"context"
	"fmt"
	"strings"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
)

// DemoFreelancers is how many freelancers SeedDemo adds.
const DemoFreelancers = 200

var (
	demoFirst = []string{"Amelia", "Oliver", "Isla", "George", "Freya", "Arthur", "Poppy", "Alfie", "Evie", "Theo",
		"Ffion", "Rhys", "Eilidh", "Callum", "Siobhan", "Niamh", "Ciaran", "Imogen", "Hamish", "Rosie",
		"Lukas", "Hannah", "Mathilde", "Julien", "Giulia", "Matteo", "Lucía", "Pablo", "Sanne", "Daan",
		"Ingrid", "Magnus", "Zofia", "Jakub", "Astrid", "Mikkel", "Beatriz", "Tiago", "Elif", "Kemal"}
	demoLast = []string{"Ashworth", "Barlow", "Carmichael", "Dunmore", "Ellison", "Fairbairn", "Gresham", "Holloway",
		"Iredale", "Jessop", "Kettering", "Lockhart", "Maddox", "Northcott", "Oakley", "Pemberton", "Radcliffe",
		"Sinclair", "Thorne", "Upton", "Vaughan", "Wetherby", "Yardley", "Llewellyn", "McKenzie", "O'Sullivan",
		"Brennan", "Becker", "Lefèvre", "Bianchi", "García", "van Dijk", "Lindström", "Kowalczyk", "Jørgensen",
		"Ferreira", "Yılmaz", "Novak", "Schneider", "Dubois", "Conti"}
	demoTrades = []string{"Camera Operator", "Vision Mixer", "Sound Supervisor", "Lighting Director", "Floor Manager",
		"EVS Operator", "Editor", "Graphics Operator", "Steadicam Operator", "Production Coordinator", "Rigger",
		"Boom Operator", "Colourist", "Researcher", "Runner", "Gaffer", "Make-up Artist", "Data Wrangler"}
)

// demoTown is a real town with its country, time zone and position.
type demoTown struct {
	name, country, timezone string
	lat, lng                float64
}

var demoTowns = []demoTown{
	{"London", "GB", "Europe/London", 51.5072, -0.1276}, {"Manchester", "GB", "Europe/London", 53.4808, -2.2426},
	{"Salford", "GB", "Europe/London", 53.4875, -2.2901}, {"Glasgow", "GB", "Europe/London", 55.8642, -4.2518},
	{"Cardiff", "GB", "Europe/London", 51.4816, -3.1791}, {"Bristol", "GB", "Europe/London", 51.4545, -2.5879},
	{"Leeds", "GB", "Europe/London", 53.8008, -1.5491}, {"Birmingham", "GB", "Europe/London", 52.4862, -1.8904},
	{"Belfast", "GB", "Europe/London", 54.5973, -5.9301}, {"Edinburgh", "GB", "Europe/London", 55.9533, -3.1883},
	{"Brighton", "GB", "Europe/London", 50.8225, -0.1372}, {"Newcastle upon Tyne", "GB", "Europe/London", 54.9783, -1.6178},
	{"Watford", "GB", "Europe/London", 51.6565, -0.3903}, {"Norwich", "GB", "Europe/London", 52.6309, 1.2974},
	{"Dublin", "IE", "Europe/Dublin", 53.3498, -6.2603}, {"Paris", "FR", "Europe/Paris", 48.8566, 2.3522},
	{"Lyon", "FR", "Europe/Paris", 45.7640, 4.8357}, {"Berlin", "DE", "Europe/Berlin", 52.5200, 13.4050},
	{"Munich", "DE", "Europe/Berlin", 48.1351, 11.5820}, {"Cologne", "DE", "Europe/Berlin", 50.9375, 6.9603},
	{"Amsterdam", "NL", "Europe/Amsterdam", 52.3676, 4.9041}, {"Hilversum", "NL", "Europe/Amsterdam", 52.2292, 5.1669},
	{"Madrid", "ES", "Europe/Madrid", 40.4168, -3.7038}, {"Barcelona", "ES", "Europe/Madrid", 41.3874, 2.1686},
	{"Milan", "IT", "Europe/Rome", 45.4642, 9.1900}, {"Rome", "IT", "Europe/Rome", 41.9028, 12.4964},
	{"Lisbon", "PT", "Europe/Lisbon", 38.7223, -9.1393}, {"Copenhagen", "DK", "Europe/Copenhagen", 55.6761, 12.5683},
	{"Stockholm", "SE", "Europe/Stockholm", 59.3293, 18.0686}, {"Warsaw", "PL", "Europe/Warsaw", 52.2297, 21.0122},
	{"Brussels", "BE", "Europe/Brussels", 50.8503, 4.3517}, {"Vienna", "AT", "Europe/Vienna", 48.2082, 16.3738},
}

// demoState spreads onboarding: most complete, some mid-way (and not yet active).
func demoState(i int) (onboarding, status string) {
	switch i % 20 {
	case 3:
		return accounts.OnboardingFreelancerStarted, accounts.StatusActive
	case 7:
		return accounts.OnboardingNeedsEntity, accounts.StatusActive
	case 11, 17:
		return accounts.OnboardingNeedsLegalEntity, accounts.StatusActive
	case 19:
		return accounts.OnboardingFreelancerStarted, accounts.StatusInactive
	}
	return accounts.OnboardingComplete, accounts.StatusActive
}

// demoRate is a day rate in minor units and its currency: mostly GBP, some EUR, a few USD.
func demoRate(i int, country string) (int64, string) {
	rate := int64(250+(i*37)%651) * 100 // 250 to 900 a day
	switch {
	case i%10 == 9:
		return rate, "USD"
	case country != "GB":
		return rate, "EUR"
	}
	return rate, "GBP"
}

func demoEmail(first, last string, i int) string {
	clean := func(s string) string {
		var b strings.Builder
		for _, r := range strings.ToLower(s) {
			if r >= 'a' && r <= 'z' {
				b.WriteRune(r)
			} else if m, ok := map[rune]string{'è': "e", 'é': "e", 'í': "i", 'ö': "o", 'ø': "o", 'ı': "i"}[r]; ok {
				b.WriteString(m)
			}
		}
		return b.String()
	}
	return fmt.Sprintf("%s.%s.%d@demo.hive.test", clean(first), clean(last), i+1)
}

// SeedDemo adds about 200 freelancers to find in All Users and search: UK and European names,
// day rates in GBP, EUR and USD, a job title and skills from the demo tags, real towns, and
// some mid-onboarding. They sign in with the demo password. It can run any number of times
// (existing e-mail addresses are left alone). Profile images are not set here: the files
// feature owns them (profile_image_key stays empty).
func SeedDemo(ctx context.Context, db *database.DB) error {
	hash, err := auth.HashPassword(accounts.DemoPassword)
	if err != nil {
		return err
	}
	return db.InTx(ctx, func(tx *database.Tx) error {
		var tags []struct {
			ID       int64  `db:"id"`
			Name     string `db:"name"`
			Category string `db:"category"`
		}
		if err := tx.Select(ctx, &tags, `SELECT id, name, category FROM tags
			WHERE entity_id IS NULL AND category IN ('job_title', 'skills') ORDER BY id`); err != nil {
			return err
		}
		titles, skills := map[string]int64{}, []int64{}
		for _, t := range tags {
			if t.Category == "job_title" {
				titles[t.Name] = t.ID
			} else {
				skills = append(skills, t.ID)
			}
		}
		for i := range DemoFreelancers {
			first := demoFirst[i%len(demoFirst)]
			last := demoLast[(i*7+i/len(demoFirst))%len(demoLast)]
			town := demoTowns[(i*5)%len(demoTowns)]
			if i%3 == 0 { // most work from the UK
				town = demoTowns[i%14]
			}
			trade := demoTrades[(i*11)%len(demoTrades)]
			onboarding, status := demoState(i)
			rate, currency := demoRate(i, town.country)
			business := "uk_sole_trader"
			if i%4 == 0 {
				business = "uk_private_limited"
			}
			email := demoEmail(first, last, i)
			var id int64
			inserted, err := database.Found(tx.Get(ctx, &id, `INSERT INTO users (email, email_lc, password_hash, first_name, last_name, label,
				country, timezone, account_status, onboarding_state, is_freelancer, location_name, latitude, longitude,
				business_type, day_rate_minor, day_rate_currency, day_rate_period, default_permissions,
				created_at, updated_at, version)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'day', 'freelancer', ?, ?, 1)
				ON CONFLICT (email_lc) DO NOTHING RETURNING id`,
				email, email, hash, first, last, trade, town.country, town.timezone, status, onboarding, true,
				town.name, town.lat, town.lng, business, rate, currency, tx.Now, tx.Now))
			if err != nil {
				return fmt.Errorf("demo freelancer %s: %w", email, err)
			}
			if !inserted {
				continue // seeded before
			}
			want := []int64{}
			if t, ok := titles[trade]; ok {
				want = append(want, t)
			}
			for k := range 3 + i%3 {
				if len(skills) > 0 {
					want = append(want, skills[(i*13+k*7)%len(skills)])
				}
			}
			for _, tag := range want {
				if _, err := tx.Exec(ctx, `INSERT INTO user_tags (user_id, tag_id) VALUES (?, ?) ON CONFLICT DO NOTHING`,
					id, tag); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
