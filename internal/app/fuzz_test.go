package app_test

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/platform/httpapi"
)

// fuzzTarget is an operation the edge fuzz sends input to: as the JSON body, or (query) as the
// query string. $JT, $B, $P, $U, $D, $L and $ME in the path and the input become the ids of a
// real job template, booking, placement, freelancer, department, legal entity and the signed-in
// administrator, so that mutations reach the rules behind the schema.
type fuzzTarget struct {
	method, path string
	query        bool
	seeds        []string
}

// fuzzTargets is a sample of the API's decoders: those with dates, times, free text, ids and
// nested arrays. Operations that are rate-limited per address (sign-in, sign-up, resets) are
// left out: their 503 is the spec's answer to a flood, and a fuzzer is one.
var fuzzTargets = []fuzzTarget{
	{"POST", "/booking", false, []string{`{"jobTemplateId":$JT,"dates":["2027-04-01"]}`,
		`{"jobTemplateId":$JT,"dates":["2027-02-29"]}`, `{"jobTemplateId":$JT,"dates":["0000-01-01"]}`, `{"jobTemplateId":$JT,"dates":["9999-12-31"]}`,
		`{"jobTemplateId":$JT,"dates":["2027-04-01T00:00:00Z"]}`, `{"jobTemplateId":-1,"dates":[]}`,
		`{"jobTemplateId":9223372036854775807,"dates":["2027-04-01"],"placementTemplateIds":[-1,0,9223372036854775807]}`,
		`{"jobTemplateId":$JT,"dates":["2027-04-01"],"periodType":"\u0000","title":"\ud800"}`}},
	{"PATCH", "/placements", false, []string{`[{"id":$P,"title":"T","startTime":"10:00","endTime":"09:00"}]`,
		`[{"id":$P,"title":"T","startTime":"24:00","endTime":"23:60"}]`, `[{"id":$P,"title":"T","startTime":"10:00:59","endTime":"1:00"}]`,
		`[{"id":$P,"revision":-2147483649,"title":"T","startTime":"00:00","endTime":"00:00","unpaidBreaks":1441}]`}},
	{"DELETE", "/placements", false, []string{`{"ids":[$P],"cancellationReason":"x"}`, `{"ids":[0,-1],"cancellationReason":""}`}},
	{"PATCH", "/instruction/status", false, []string{`[{"id":1,"clientStatus":"cancelled","cancellationReason":"x"}]`, `[{"id":1}]`, `[]`}},
	{"POST", "/unavailability", false, []string{`{"dates":["2027-03-02"],"userId":$U}`, `{"dates":["2027-13-40"],"userId":$U}`,
		`{"dates":["2027-3-2"]}`, `{"dates":["+2027-03-02"]}`, `{"dates":["0000-01-01","9999-12-31"],"userId":$U}`}},
	{"POST", "/search", false, []string{`{"data":{"query":"Amelia"}}`, `{"data":{"query":"*","startDate":"2027-01-01","endDate":"2026-01-01"}}`,
		`{"data":{"startDate":"2027-02-30","endDate":"x"}}`, `{"data":{"startDate":"9999-12-31","endDate":"9999-12-31"}}`,
		`{"data":{"startDate":"0000-01-01","endDate":"0000-01-02"}}`, `{"data":{"query":"\"'%_\\\\","lat":91,"lng":-181,"radius":-1}}`}},
	{"POST", "/administration/report", false, []string{
		`{"reportType":"instructions","startDate":"2027-01-01","endDate":"2027-12-31","reportFormat":"csv"}`,
		`{"reportType":"instructions","startDate":"2027-12-31","endDate":"2027-01-01"}`,
		`{"reportType":"directory","startDate":"0001-01-01","endDate":"9999-12-31","clientIds":[-1]}`,
		`{"reportType":"x","startDate":"2027-02-29","endDate":"2027-02-30"}`}},
	{"POST", "/entity/validate-iban", false, []string{`{"iban":"GB82 WEST 1234 5698 7654 32"}`, `{"iban":"\u00a0gb82west12345698765432"}`, `{"iban":""}`}},
	{"POST", "/job-template", false, []string{`{"departmentId":$D,"title":"Match"}`, `{"departmentId":$D,"title":"` + strings.Repeat("é", 300) + `"}`}},
	{"PATCH", "/notification/preferences", false, []string{`{"items":[{"type":"x","email":true}]}`, `{"items":null}`}},
	{"PATCH", "/department/$D", false, []string{`{"version":1,"timezone":"Europe/London","cancelWindowDays":2}`,
		`{"version":1,"timezone":"Local"}`, `{"version":1,"timezone":"../../../etc/passwd"}`, `{"version":1,"timezone":"/etc/localtime"}`,
		`{"version":1,"timezone":"Etc/GMT+14","tagIds":null,"cancelWindowDays":-1}`}},
	{"PATCH", "/legal-entity/$L", false, []string{`{"version":1,"iban":"GB82WEST12345698765432","timezone":"Europe/London","vatPct":20}`,
		`{"version":1,"iban":"GB82 WEST","vatPct":1e308,"timezone":"Local","sortCode":"12-34-5"}`, `{"version":1,"location":null,"vatPct":-0}`}},
	{"POST", "/rate-card", false, []string{`{"placementTemplateId":1,"userId":$U,"sellRate":{"rate":250,"currency":"GBP","period":"day"}}`,
		`{"placementTemplateId":1,"userId":$U,"sellRate":{"rate":1e308,"currency":"ZZZ","period":"fortnight"}}`,
		`{"placementTemplateId":1,"userId":$U,"sellRate":{"rate":-0.001,"currency":"gbp","period":"day"},"buyRate":null}`}},
	{"PATCH", "/account/$ME", false, []string{`{"version":1,"timezone":"Europe/London","cv":"[x](javascript:alert(1))"}`,
		`{"version":1,"timezone":"Mars/Olympus","dayRate":{"rate":1e308},"skills":null,"job_titles":[-1]}`,
		`{"version":1,"location":{"lat":91,"lng":181},"email":"ADMIN@hive.test"}`}},
	{"GET", "/agenda", true, []string{"startDate=2027-04-01&endDate=2027-04-30", "startDate=2027-04-31&endDate=2027-04-01",
		"startDate=0000-00-00&tab=x&page=-1&pageSize=100000", "as=$U&startDate=9999-12-31&endDate=9999-12-31"}},
	{"GET", "/booking/summary", true, []string{"startDate=2027-04-01&endDate=2027-04-30", "startDate=2027-04-30&endDate=2027-04-01",
		"startDate=1970-01-01&endDate=9999-12-31&grouped=true", "startDate=0000-01-01&endDate=0000-01-31", "departmentIds=$D&departmentIds=-1&sort=;drop&page=0"}},
	{"GET", "/dashboard/stats", true, []string{"startDate=2027-01-01&endDate=2027-12-31", "startDate=2027-12-31&endDate=2027-01-01",
		"startDate=0001-01-01&endDate=9999-12-31", "startDate=0000-01-01&endDate=0000-12-31"}},
	{"GET", "/unavailability/by-user-ids", true, []string{"userIds=$U&startDate=2027-01-01&endDate=2027-01-31",
		"userIds=$U&startDate=2027-01-31&endDate=2027-01-01", "userIds=&startDate=x&endDate=y"}},
	{"GET", "/account", true, []string{"search=%25_%5C&sort=lastName", "search=%00&page=99999999999999999999", "sort=../../etc&pageSize=-5"}},
	{"GET", "/booking", true, []string{"search=cup&departmentIds=$D", "search=%27%3B--&page=-1"}},
}

// fuzzWorld is one running Hive with the ids the inputs refer to.
type fuzzWorld struct {
	s     *apptest.Server
	admin *apptest.Client
	ids   *strings.Replacer
}

func buildFuzzWorld(t testing.TB, db *database.DB) fuzzWorld {
	s := apptest.Start(t, db)
	w := orgtest.Build(t, db)
	jt := orgtest.JobTemplate(t, db, w.DeptA1)
	orgtest.Hire(t, db, w.DeptA1, w.Users[apptest.Freelancer])
	admin := s.Login("admin@hive.test")
	var b struct {
		ID         int64
		Placements []struct{ ID int64 }
	}
	admin.Do("POST", "/booking", map[string]any{"jobTemplateId": jt, "dates": []string{"2027-04-01"}}).Want(http.StatusCreated).Decode(&b)
	if len(b.Placements) == 0 {
		t.Fatalf("booking %+v has no placements", b)
	}
	id := func(n int64) string { return strconv.FormatInt(n, 10) }
	return fuzzWorld{s: s, admin: admin, ids: strings.NewReplacer("$JT", id(jt), "$B", id(b.ID), "$P", id(b.Placements[0].ID),
		"$U", id(w.Users[apptest.Freelancer]), "$D", id(w.DeptA1), "$L", id(w.LegalA), "$ME", id(w.Users[apptest.Admin]))}
}

// send makes target's request with input as the administrator. (apptest's client reports to
// the test that started the server, which inside a fuzz target is the wrong one.)
func (w fuzzWorld) send(t *testing.T, target fuzzTarget, input string) (int, []byte) {
	input = w.ids.Replace(input)
	url := w.s.URL + httpapi.Prefix + w.ids.Replace(target.path)
	var body io.Reader
	if target.query {
		url += "?" + queryText(input)
	} else {
		body = strings.NewReader(input)
	}
	req, err := http.NewRequest(target.method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set(httpapi.CSRFHeader, w.admin.CSRF)
	res, err := w.admin.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, data
}

// queryText makes input a query string: bytes outside the unreserved set (and & and =, which
// split it) are percent-encoded, so the server's parser, not the client's, meets every byte.
func queryText(input string) string {
	var b strings.Builder
	for i := 0; i < len(input); i++ {
		c := input[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-._~&=%", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// FuzzAPIInput sends arbitrary bytes as the JSON body (or the query string) of a sample of
// operations through the whole stack, signed in as an administrator so that every decoder and
// rule behind it runs. Whatever the input, the answer is never a 5xx, and every refusal is the
// spec's error shape. `go test` runs the seeds; see docs/security.md for longer runs.
func FuzzAPIInput(f *testing.F) {
	for i, target := range fuzzTargets {
		for _, seed := range target.seeds {
			f.Add(uint8(i), seed)
		}
		if !target.query {
			for _, hostile := range []string{``, `{}`, `null`, `[]`, `"x"`, `{"a":1}`, `{"id":1e999}`, `{"id":1.5}`,
				`{"dates":["\ud800"]}`, "{\"title\":\"\xff\xfe\"}", `{"id":1,"id":2}`, strings.Repeat(`[`, 10000),
				strings.Repeat(`{"a":`, 5000) + `1` + strings.Repeat(`}`, 5000), `{"__proto__":{}}`, "\ufeff{}"} {
				f.Add(uint8(i), hostile)
			}
		}
	}
	var worlds []fuzzWorld
	for _, e := range databasetest.Available() {
		worlds = append(worlds, buildFuzzWorld(f, e.Open(f)))
	}
	f.Fuzz(func(t *testing.T, which uint8, input string) {
		target := fuzzTargets[int(which)%len(fuzzTargets)]
		for _, w := range worlds {
			status, body := w.send(t, target, input)
			what := fmt.Sprintf("%s %s %q", target.method, target.path, input)
			if status >= 500 {
				t.Fatalf("%s: %d %s", what, status, body)
			}
			if status >= 400 {
				errorShape(t, what, body)
			}
		}
	})
}
