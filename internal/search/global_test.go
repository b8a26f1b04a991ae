package search_test

import (
	"context"
	"slices"
	"testing"

	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/search"
)

// TestGlobalRelevance is the relevance table: each query's best result, the results it must
// also hold and those it must not, over the fixed data set, as an administrator (who sees
// everything, so only ranking and matching are tested), on both engines.
func TestGlobalRelevance(t *testing.T) {
	cases := []struct {
		query string
		top   string   // the first result; "" for no result at all
		also  []string // further results that must be there
		not   []string // results that must not be there
	}{
		{query: "camille", top: "user:Camille"},
		{query: "CAMILLE", top: "user:Camille"},
		{query: "camil", top: "user:Camille"},                                         // prefix
		{query: "camile", top: "user:Camille"},                                        // one typo (a letter missing)
		{query: "durand", top: "user:Camille"},                                        // last name
		{query: "zoe", top: "user:Zoe"},                                               // accent folded in the data
		{query: "Zoë Müller", top: "user:Zoe"},                                        // accents in the query, two words
		{query: "muller", top: "user:Zoe"},                                            // ü → u
		{query: "jose alvarez", top: "user:Jose"},                                     // two words
		{query: "ÁLVAREZ", top: "user:Jose"},                                          // case and accent
		{query: "soren", top: "user:Soren"},                                           // ø → o
		{query: "kierkegard", top: "user:Soren"},                                      // typo in a long word
		{query: "camera operator", top: "user:Camille", not: []string{"user:Jose"}},   // job title, every word must match
		{query: "steadicam", top: "user:Jose"},                                        // job title
		{query: "sound eng", top: "user:Zoe"},                                         // last word a prefix
		{query: "camille.durand@example.com", top: "user:Camille"},                    // exact e-mail
		{query: "BK-2024-0042", top: "booking:Champions"},                             // exact reference
		{query: "bk-2024-0042", top: "booking:Champions"},                             // reference, any case
		{query: "ELEC-7", top: "booking:Election"},                                    // short reference
		{query: "champions", top: "booking:Champions"},                                // booking title
		{query: "champions leage", top: "booking:Champions"},                          // a typo in the second word
		{query: "election night", top: "booking:Election"},                            // booking title, two words
		{query: "wimbledon", top: "booking:Wimbledon"},                                // another client's (the admin sees it)
		{query: "evening news", top: "job:Evening", not: []string{"department:News"}}, // job title
		{query: "LEG-991", top: "job:Evening"},                                        // legacy job id
		{query: "hartley", top: "job:Evening"},                                        // job agent
		{query: "news", top: "department:News", also: []string{"job:Evening"}},        // same score: department before job
		{query: "sport", top: "department:Sport"},
		{query: "drama", top: "department:Drama", also: []string{"job:Series"}},
		{query: "zurich", top: "entity:Zurich"},                                     // ü in the data
		{query: "gamma", top: "entity:Gamma"},                                       // entity
		{query: "angstrom", top: "legal_entity:Angstrom"},                           // Å and ö
		{query: "northern light", top: "legal_entity:Angstrom"},                     // trading name
		{query: "SC123456", top: "legal_entity:Angstrom"},                           // company number
		{query: "sc1234", top: "legal_entity:Angstrom"},                             // its prefix
		{query: "alpha", top: "legal_entity:Alpha", also: []string{"entity:Alpha"}}, // same score: legal entity first
		{query: "gaffer", top: "user:Marcus"},
		{query: "smith", top: "user:Marcus", also: []string{"user:Marcia"}}, // exact before one typo
		{query: "smyth", top: "user:Marcia", also: []string{"user:Marcus"}},
		{query: "cam", top: "user:Camille", also: []string{"user:Campbell", "booking:Rehearsal", "department:Cameras"},
			not: []string{"user:Camden"}}, // prefix across sources; an account that cannot work is hidden
		{query: "camden", top: ""},                                                 // inactive: available false, hidden
		{query: "ca", top: ""},                                                     // under 3 characters
		{query: "o'brien", top: "user:Sarah"},                                      // apostrophe
		{query: "production manager", top: "user:Sarah"},                           // job title of two words
		{query: "'; DROP TABLE users; --", top: ""},                                // SQL is text
		{query: "camera NEAR operator OR \"x\"*", top: ""},                         // operators are words; 'x' and 'near' match nothing
		{query: "  champions   ", top: "booking:Champions"},                        // spaces
		{query: "camra", top: "booking:Rehearsal", also: []string{"user:Camille"}}, // typo: a title (3) before a job title (2)
	}
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		g := buildGlobal(t, db, false)
		admin := &auth.Principal{UserID: g.w.Users["admin"], Needs: auth.ComputeNeeds(auth.UserFlags{CanAdmin: true}, auth.Grants{})}
		for _, c := range cases {
			res, err := g.store.Global(context.Background(), search.ScopeOf(admin), search.Query{Query: c.query})
			if err != nil {
				t.Errorf("%q: %v", c.query, err)
				continue
			}
			var got []string
			for _, r := range res {
				got = append(got, g.label(r))
			}
			switch {
			case c.top == "" && len(got) > 0:
				t.Errorf("%q: want nothing, got %v", c.query, got)
			case c.top != "" && (len(got) == 0 || got[0] != c.top):
				t.Errorf("%q: top %v, want %s", c.query, got, c.top)
			}
			for _, a := range c.also {
				if !slices.Contains(got, a) {
					t.Errorf("%q: %s missing from %v", c.query, a, got)
				}
			}
			for _, n := range c.not {
				if slices.Contains(got, n) {
					t.Errorf("%q: %s should not be in %v", c.query, n, got)
				}
			}
			for i := 1; i < len(res); i++ {
				if res[i].HiveRank > res[i-1].HiveRank {
					t.Errorf("%q: not sorted by hiveRank: %v", c.query, got)
				}
			}
		}
	})
}

var _ = search.PerSourceLimit
