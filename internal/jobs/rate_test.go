package jobs_test

import (
	"context"
	"testing"

	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/jobs"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

func TestRateConversionAndValidation(t *testing.T) {
	if m := (jobs.Rate{Rate: 250.505}).Minor(); m != 25051 {
		t.Fatalf("minor %d", m)
	}
	if d := jobs.DefaultRate(); d.Rate != 0 || d.Currency != "GBP" || d.Period != "day" || d.Problem() != "" {
		t.Fatalf("default %+v", d)
	}
	if (jobs.Rate{Rate: 1, Currency: "JPY", Period: "day"}).Problem() == "" ||
		(jobs.Rate{Rate: 1, Currency: "GBP", Period: "fortnight"}).Problem() == "" ||
		(jobs.Rate{Rate: -1, Currency: "GBP", Period: "day"}).Problem() == "" {
		t.Fatal("invalid rates accepted")
	}
	if r := jobs.RateOf(25050, "EUR", "hour"); r.Rate != 250.5 || r.Minor() != 25050 {
		t.Fatalf("round trip %+v", r)
	}
}

// RatesFor answers the template defaults until the user has a rate card, inside a transaction too.
func TestRatesFor(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		orgtest.SeedDemo(t, db)
		ctx := context.Background()
		if err := jobs.SeedDemo(ctx, db); err != nil {
			t.Fatal(err)
		}
		var pt, user int64
		if err := db.Get(ctx, &pt, `SELECT id FROM placement_templates WHERE title = 'Camera Operator'`); err != nil {
			t.Fatal(err)
		}
		if err := db.Get(ctx, &user, `SELECT id FROM users WHERE email_lc = 'freelancer@hive.test'`); err != nil {
			t.Fatal(err)
		}
		buy, sell, err := jobs.RatesFor(ctx, db, pt, user)
		if err != nil || buy.Rate != 280 || sell.Rate != 350 || sell.Currency != "GBP" || sell.Period != "day" {
			t.Fatalf("defaults %+v %+v %v", buy, sell, err)
		}
		err = db.InTx(ctx, func(tx *database.Tx) error {
			if _, err := tx.Exec(ctx, `INSERT INTO rate_cards (placement_template_id, user_id, buy_rate_minor, sell_rate_minor,
				sell_currency, sell_period, created_at, updated_at) VALUES (?, ?, 30000, 4000, 'EUR', 'hour', ?, ?)`,
				pt, user, tx.Now, tx.Now); err != nil {
				return err
			}
			buy, sell, err = jobs.RatesFor(ctx, tx, pt, user)
			return err
		})
		if err != nil || buy.Rate != 300 || sell.Rate != 40 || sell.Currency != "EUR" || sell.Period != "hour" {
			t.Fatalf("rate card %+v %+v %v", buy, sell, err)
		}
		if _, _, err := jobs.RatesFor(ctx, db, 999999, user); err != jobs.ErrNoPlacementTemplate {
			t.Fatalf("missing template: %v", err)
		}
	})
}
