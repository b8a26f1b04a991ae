package app

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/hive/hive/internal/platform/clock"
	"github.com/hive/hive/internal/platform/httpapi"
)

// TestClockPath moves a server started with HIVE_TEST_CLOCK ahead: POST {"advance": "25h"}
// answers {"now": ...}; GET answers the clock's time. It exists only when the variable is set,
// which only a development environment (HIVE_ENV DEV or LOCAL DEV) accepts, so the end-to-end
// journeys can let an offer or a hold's challenge run out without waiting a day. It lives under
// the API prefix (though outside the OpenAPI document) so the CSRF check guards it like every
// other write: a cross-site page cannot move the clock.
const TestClockPath = httpapi.Prefix + "/__test/clock"

// testClock puts db's clock on a shifted clock and serves TestClockPath in front of next.
// wake is called after each move so that the timed workers look at once.
func testClock(c *clock.Shifted, wake func(), next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != TestClockPath {
			next.ServeHTTP(w, r)
			return
		}
		switch r.Method {
		case http.MethodGet:
		case http.MethodPost:
			var body struct {
				Advance string `json:"advance"`
			}
			if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1024)).Decode(&body); err != nil {
				http.Error(w, "body: {\"advance\": \"25h\"}", http.StatusBadRequest)
				return
			}
			d, err := time.ParseDuration(body.Advance)
			if err != nil || d <= 0 {
				http.Error(w, "advance: a positive Go duration such as 25h", http.StatusBadRequest)
				return
			}
			c.Advance(d)
			if wake != nil {
				wake()
			}
		default:
			w.Header().Set("Allow", "GET, POST")
			http.Error(w, "GET or POST", http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]time.Time{"now": c.Now()})
	})
}
