package jobs

import (
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/input"
)

// AdminFields are a job template's administrative fields (spec part 1, the search's job card:
// legacyJobId, agent, divisionTeam, function). Only administrators set and see them: anyone else
// gets a template without them, and sending one is 403, as sending a buy rate is (a manager's
// form never shows them, so a request that carries one was not made through it).
type AdminFields struct {
	LegacyJobID  *string `json:"legacyJobId,omitempty" maxLength:"100" doc:"Administrators only"`
	Agent        *string `json:"agent,omitempty" maxLength:"200" doc:"Administrators only"`
	DivisionTeam *string `json:"divisionTeam,omitempty" maxLength:"200" doc:"Administrators only"`
	Function     *string `json:"function,omitempty" maxLength:"200" doc:"Administrators only"`
}

// adminText is the stored form of AdminFields: text, empty when unset.
type adminText struct {
	LegacyJobID  string `db:"legacy_job_id"`
	Agent        string `db:"agent"`
	DivisionTeam string `db:"division_team"`
	Function     string `db:"job_function"`
}

func (a AdminFields) sent() bool {
	return a.LegacyJobID != nil || a.Agent != nil || a.DivisionTeam != nil || a.Function != nil
}

// over returns old with the fields a carries replaced (trimmed); 403 for a non-administrator
// who sends any.
func (a AdminFields) over(old adminText, p *auth.Principal) (adminText, error) {
	if !a.sent() {
		return old, nil
	}
	if !p.Has(auth.NeedAdmin) {
		return old, apperror.Forbidden()
	}
	set := func(v *string, was string) string {
		if v == nil {
			return was
		}
		return input.Trimmed(v)
	}
	return adminText{LegacyJobID: set(a.LegacyJobID, old.LegacyJobID), Agent: set(a.Agent, old.Agent),
		DivisionTeam: set(a.DivisionTeam, old.DivisionTeam), Function: set(a.Function, old.Function)}, nil
}

// shown is what p sees of the stored fields: all four for administrators, none for others.
func (t adminText) shown(p *auth.Principal) AdminFields {
	if !p.Has(auth.NeedAdmin) {
		return AdminFields{}
	}
	return AdminFields{LegacyJobID: &t.LegacyJobID, Agent: &t.Agent, DivisionTeam: &t.DivisionTeam, Function: &t.Function}
}
