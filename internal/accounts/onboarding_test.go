package accounts_test

import (
	"strings"
	"testing"

	"github.com/hive/hive/internal/accounts"
)

func TestOnboardingProgress(t *testing.T) {
	for state, want := range map[string]int{"freelancer_started": 20, "freelancer_needs_entity": 40,
		"freelancer_needs_legal_entity": 80, "complete": 100, "staff": 0} {
		if got, _ := accounts.OnboardingProgress(state); got != want {
			t.Errorf("%s: %d, want %d", state, got, want)
		}
	}
}

// The card's checklist follows the state: the steps before it are done.
func TestOnboardingChecklist(t *testing.T) {
	for state, want := range map[string]string{"freelancer_started": "personal_details- entity- legal_entity-",
		"freelancer_needs_entity":       "personal_details+ entity- legal_entity-",
		"freelancer_needs_legal_entity": "personal_details+ entity+ legal_entity-",
		"complete":                      "personal_details+ entity+ legal_entity+", "staff": ""} {
		var got []string
		for _, s := range accounts.OnboardingChecklist(state) {
			mark := "-"
			if s.Done {
				mark = "+"
			}
			got = append(got, s.Key+mark)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s: %v, want %s", state, got, want)
		}
	}
}

// The freelancer's path, step by step, and the states that never move on their own.
func TestNextOnboardingStep(t *testing.T) {
	state, path := accounts.OnboardingFreelancerStarted, []string{accounts.OnboardingFreelancerStarted}
	for i := 0; i < 5; i++ {
		need, next := accounts.NextOnboardingStep(state)
		if need == accounts.OnboardingNeedNone {
			break
		}
		state, path = next, append(path, next)
	}
	want := []string{"freelancer_started", "freelancer_needs_entity", "freelancer_needs_legal_entity", "complete"}
	if len(path) != len(want) {
		t.Fatalf("path %v, want %v", path, want)
	}
	for i := range want {
		if path[i] != want[i] {
			t.Fatalf("path %v, want %v", path, want)
		}
	}
	for _, s := range []string{"staff", "complete", "aborted", "not_applicable"} {
		if need, next := accounts.NextOnboardingStep(s); need != accounts.OnboardingNeedNone || next != s {
			t.Errorf("%s moves: %v %s", s, need, next)
		}
		if accounts.OnboardingUnfinished(s) {
			t.Errorf("%s counts as unfinished", s)
		}
	}
}
