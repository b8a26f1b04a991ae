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

// onboardingSteps are the freelancer's automatic transitions: from a state, once the account
// holds need, to next.
var onboardingSteps = map[string]struct {
	need OnboardingNeed
	next string
	// progress is the account-setup card's percentage while in this state.
	progress int
}{
	OnboardingFreelancerStarted: {OnboardingNeedPersonalDetails, OnboardingNeedsEntity, 20},
	OnboardingNeedsEntity:       {OnboardingNeedEntityLink, OnboardingNeedsLegalEntity, 40},
	OnboardingNeedsLegalEntity:  {OnboardingNeedManagedLegalEntity, OnboardingComplete, 80},
}

// NextOnboardingStep says what state asks for before a freelancer moves on, and where to:
// need is OnboardingNeedNone (and next is state) when state has no automatic step.
func NextOnboardingStep(state string) (need OnboardingNeed, next string) {
	step, ok := onboardingSteps[state]
	if !ok {
		return OnboardingNeedNone, state
	}
	return step.need, step.next
}

// OnboardingUnfinished reports whether state still asks the user for something (the home
// page's account-setup card shows, and it counts as an action required).
func OnboardingUnfinished(state string) bool {
	_, ok := onboardingSteps[state]
	return ok
}

// OnboardingProgress is the account-setup card's percentage for state (complete is 100, states
// outside the freelancer's path 0), and whether the card shows at all.
func OnboardingProgress(state string) (int, bool) {
	if step, ok := onboardingSteps[state]; ok {
		return step.progress, true
	}
	if state == OnboardingComplete {
		return 100, false
	}
	return 0, false
}
