package accounts

// The onboarding state machine (spec part 1 §4), in one place: the states, the freelancer's
// automatic steps and what each needs, and the progress the home page shows. Staff start at
// OnboardingStaff and never move; a freelancer moves forward only, one step at a time, as their
// account comes to hold what the current step needs (people/notes reads those facts from the
// database and applies NextOnboardingStep when the home page asks).

// Onboarding states.
const (
	OnboardingNotApplicable     = "not_applicable"
	OnboardingFreelancerStarted = "freelancer_started"
	OnboardingNeedsEntity       = "freelancer_needs_entity"
	OnboardingNeedsLegalEntity  = "freelancer_needs_legal_entity"
	OnboardingComplete          = "complete"
	OnboardingStaff             = "staff"
	OnboardingAborted           = "aborted"
)

// OnboardingNeed is what a freelancer's account must hold to leave a state.
type OnboardingNeed int

const (
	// OnboardingNeedNone: the state has no automatic step (staff, complete, aborted...).
	OnboardingNeedNone OnboardingNeed = iota
	// OnboardingNeedPersonalDetails: phone and location filled in.
	OnboardingNeedPersonalDetails
	// OnboardingNeedEntityLink: linked to an entity.
	OnboardingNeedEntityLink
	// OnboardingNeedManagedLegalEntity: managing an entity linked to a legal entity.
	OnboardingNeedManagedLegalEntity
)

// onboardingPath is the freelancer's path, in order: from each state, once the account holds
// need, to next. It is the one rule behind the automatic steps, the account-setup card's
// percentage and its checklist.
var onboardingPath = []struct {
	state string
	need  OnboardingNeed
	next  string
	// progress is the account-setup card's percentage while in this state.
	progress int
	// key names the step to the card's checklist.
	key string
}{
	{OnboardingFreelancerStarted, OnboardingNeedPersonalDetails, OnboardingNeedsEntity, 20, OnboardingStepPersonalDetails},
	{OnboardingNeedsEntity, OnboardingNeedEntityLink, OnboardingNeedsLegalEntity, 40, OnboardingStepEntity},
	{OnboardingNeedsLegalEntity, OnboardingNeedManagedLegalEntity, OnboardingComplete, 80, OnboardingStepLegalEntity},
}

// The checklist's steps (OnboardingChecklist), as the web names them.
const (
	OnboardingStepPersonalDetails = "personal_details" // phone and location on the profile
	OnboardingStepEntity          = "entity"           // linked to an entity (one's own supplier entity)
	OnboardingStepLegalEntity     = "legal_entity"     // that entity's legal entity
)

// OnboardingStep is one line of the account-setup card's checklist.
type OnboardingStep struct {
	Key  string `json:"key" enum:"personal_details,entity,legal_entity"`
	Done bool   `json:"done"`
}

// stepOf is the index of state on the path, or -1.
func stepOf(state string) int {
	for i, s := range onboardingPath {
		if s.state == state {
			return i
		}
	}
	return -1
}

// NextOnboardingStep says what state asks for before a freelancer moves on, and where to:
// need is OnboardingNeedNone (and next is state) when state has no automatic step.
func NextOnboardingStep(state string) (need OnboardingNeed, next string) {
	i := stepOf(state)
	if i < 0 {
		return OnboardingNeedNone, state
	}
	return onboardingPath[i].need, onboardingPath[i].next
}

// OnboardingUnfinished reports whether state still asks the user for something (the home
// page's account-setup card shows, and it counts as an action required).
func OnboardingUnfinished(state string) bool { return stepOf(state) >= 0 }

// OnboardingProgress is the account-setup card's percentage for state (complete is 100, states
// outside the freelancer's path 0), and whether the card shows at all.
func OnboardingProgress(state string) (int, bool) {
	if i := stepOf(state); i >= 0 {
		return onboardingPath[i].progress, true
	}
	if state == OnboardingComplete {
		return 100, false
	}
	return 0, false
}

// OnboardingChecklist is the account-setup card's list for state: every step of the path, done
// when state is past it (all done once complete); empty outside the freelancer's path.
func OnboardingChecklist(state string) []OnboardingStep {
	at := stepOf(state)
	if state == OnboardingComplete {
		at = len(onboardingPath)
	}
	if at < 0 {
		return []OnboardingStep{}
	}
	out := make([]OnboardingStep, len(onboardingPath))
	for i, s := range onboardingPath {
		out[i] = OnboardingStep{Key: s.key, Done: i < at}
	}
	return out
}
