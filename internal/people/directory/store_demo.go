package directory

import (
	"context"
	"fmt"
	"strings"

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/places"
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

// demoTown is a real town with its country and time zone; its position and full name come from
// the places gazetteer (internal/places), as when a freelancer picks it in the Location field.
type demoTown struct {
	name, country, timezone string
}

// demoUKTowns is how many of demoTowns, from the start, are in the UK: a third of the
// freelancers are spread over them alone, so a search around Salford or Manchester finds several.
const demoUKTowns = 16

var demoTowns = []demoTown{
	{"London", "GB", "Europe/London"}, {"Manchester", "GB", "Europe/London"}, {"Salford", "GB", "Europe/London"},
	{"Glasgow", "GB", "Europe/London"}, {"Cardiff", "GB", "Europe/London"}, {"Bristol", "GB", "Europe/London"},
	{"Leeds", "GB", "Europe/London"}, {"Birmingham", "GB", "Europe/London"}, {"Belfast", "GB", "Europe/London"},
	{"Edinburgh", "GB", "Europe/London"}, {"Brighton", "GB", "Europe/London"}, {"Newcastle upon Tyne", "GB", "Europe/London"},
	{"Watford", "GB", "Europe/London"}, {"Norwich", "GB", "Europe/London"}, {"Stockport", "GB", "Europe/London"},
	{"Bolton", "GB", "Europe/London"},
	{"Dublin", "IE", "Europe/Dublin"}, {"Paris", "FR", "Europe/Paris"}, {"Lyon", "FR", "Europe/Paris"},
	{"Berlin", "DE", "Europe/Berlin"}, {"Munich", "DE", "Europe/Berlin"}, {"Köln", "DE", "Europe/Berlin"},
	{"Amsterdam", "NL", "Europe/Amsterdam"}, {"Hilversum", "NL", "Europe/Amsterdam"}, {"Madrid", "ES", "Europe/Madrid"},
	{"Barcelona", "ES", "Europe/Madrid"}, {"Milan", "IT", "Europe/Rome"}, {"Rome", "IT", "Europe/Rome"},
	{"Lisbon", "PT", "Europe/Lisbon"}, {"Copenhagen", "DK", "Europe/Copenhagen"}, {"Stockholm", "SE", "Europe/Stockholm"},
	{"Warsaw", "PL", "Europe/Warsaw"}, {"Brussels", "BE", "Europe/Brussels"}, {"Vienna", "AT", "Europe/Vienna"},
}

// The Sport department's local crew: the first demoLocalCrew demo freelancers are camera
// operators with Steadicam around Salford at 300 to 440 GBP a day, so the advanced search
// 'camera operators with Steadicam, under 450 GBP a day, within 25 miles of Salford' finds
// them on demo data, and organisations' demo lets Sport hire them (HireLocalCrew).
const demoLocalCrew = 8

var (
	localCrewTowns = []int{2, 1, 14, 15} // Salford, Manchester, Stockport, Bolton in demoTowns
	localCrewTrade = "Camera Operator"
	localCrewSkill = "Steadicam"
)

// LocalCrewEmails are the e-mail addresses of the local crew, for the department that hires them.
func LocalCrewEmails() []string {
	out := make([]string, demoLocalCrew)
	for i := range out {
		first, last := demoName(i)
		out[i] = demoEmail(first, last, i)
	}
	return out
}

func demoName(i int) (first, last string) {
	return demoFirst[i%len(demoFirst)], demoLast[(i*7+i/len(demoFirst))%len(demoLast)]
}

// namedTowns are where the named demo freelancers (accounts' demo logins and their colleagues)
// live, by e-mail address and demoTowns index; SeedDemo fills the location of those who have
// none. None lives around Salford: the local crew is the Sport department's on purpose.
var namedTowns = map[string]int{
	"freelancer@hive.test": 0, "maya.chen@hive.test": 1, "daniel.osei@hive.test": 0, "amelia.hughes@hive.test": 6,
	"oliver.bennett@hive.test": 5, "chloe.okafor@hive.test": 7, "harry.lindqvist@hive.test": 3,
	"isla.macleod@hive.test": 9, "jack.nowak@hive.test": 4, "grace.adeyemi@hive.test": 6,
	"noah.fitzgerald@hive.test": 10, "sophie.castellano@hive.test": 0, "leo.whitaker@hive.test": 11,
	"priya.raman@hive.test": 12, "tom.gallagher@hive.test": 13, "iris.quinn@hive.test": 8,
	"inactive@hive.test": 8, "reset@hive.test": 7,
}

// demoPlaces finds every demo town in the gazetteer: its full name and position.
func demoPlaces() ([]places.Place, error) {
	x, err := places.Default()
	if err != nil {
		return nil, err
	}
	out := make([]places.Place, len(demoTowns))
	for i, t := range demoTowns {
		p, ok := x.Lookup(t.name, t.country)
		if !ok {
			return nil, fmt.Errorf("demo town %s, %s is not in the gazetteer", t.name, t.country)
		}
		out[i] = p
	}
	return out, nil
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
	towns, err := demoPlaces()
	if err != nil {
		return err
	}
	return db.InTx(ctx, func(tx *database.Tx) error {
		for email, at := range namedTowns {
			p := towns[at]
			if _, err := tx.Exec(ctx, `UPDATE users SET location_name = ?, latitude = ?, longitude = ?
				WHERE email_lc = ? AND is_freelancer = TRUE AND location_name = ''`, p.Address(), p.Lat, p.Lng, email); err != nil {
				return fmt.Errorf("demo location of %s: %w", email, err)
			}
		}
		var tags []struct {
			ID       int64  `db:"id"`
			Name     string `db:"name"`
			Category string `db:"category"`
		}
		if err := tx.Select(ctx, &tags, `SELECT id, name, category FROM tags
			WHERE entity_id IS NULL AND category IN ('job_title', 'skills') ORDER BY id`); err != nil {
			return err
		}
		titles, skills, skillIDs := map[string]int64{}, []int64{}, map[string]int64{}
		for _, t := range tags {
			if t.Category == "job_title" {
				titles[t.Name] = t.ID
			} else {
				skills = append(skills, t.ID)
				skillIDs[t.Name] = t.ID
			}
		}
		for i := range DemoFreelancers {
			first, last := demoName(i)
			at := (i * 5) % len(demoTowns)
			if i%3 == 0 { // most work from the UK
				at = i % demoUKTowns
			}
			trade := demoTrades[(i*11)%len(demoTrades)]
			onboarding, status := demoState(i)
			rate, currency := demoRate(i, demoTowns[at].country)
			if i < demoLocalCrew {
				at, trade = localCrewTowns[i%len(localCrewTowns)], localCrewTrade
				onboarding, status = accounts.OnboardingComplete, accounts.StatusActive
				rate, currency = int64(300+20*i)*100, "GBP"
			}
			town, place := demoTowns[at], towns[at]
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
				place.Address(), place.Lat, place.Lng, business, rate, currency, tx.Now, tx.Now))
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
			if t, ok := skillIDs[localCrewSkill]; ok && i < demoLocalCrew {
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
