package notes

import (
	"context"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/people"
	"github.com/hive/hive/internal/platform/apperror"
	"github.com/hive/hive/internal/platform/auth"
	"github.com/hive/hive/internal/platform/httpapi"
)

type idPath struct {
	ID int64 `path:"id" minimum:"1"`
}

type messageOutput struct {
	Body struct {
		Message string `json:"message"`
	}
}

func message(text string) *messageOutput {
	out := &messageOutput{}
	out.Body.Message = text
	return out
}

// OnboardingView is the home page's account-setup card.
type OnboardingView struct {
	OnboardingState string `json:"onboardingState"`
	Progress        int    `json:"progress" doc:"Percent: freelancer_started 20, freelancer_needs_entity 40, freelancer_needs_legal_entity 80, complete 100"`
	ShowSetupCard   bool   `json:"showSetupCard" doc:"Onboarding is unfinished"`
	// Steps is the card's checklist: each step of the freelancer's path, done or not (empty
	// outside it); the same rule as progress (accounts.OnboardingChecklist).
	Steps []accounts.OnboardingStep `json:"steps"`
	// ManagedEntityID is the first entity the user manages (the 'Create LE' button's entity),
	// null when they manage none.
	ManagedEntityID *int64 `json:"managedEntityId" nullable:"true"`
}

// Register adds the operations of this area.
func Register(api huma.API, d people.Deps) {
	h := &handlers{store: &Store{DB: d.DB, CountCompleted: d.CompletedInstructions}}
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Account"}
	httpapi.Op(ops, "listInternalNotes", "GET /account/internal-note/{id}",
		"The internal notes about freelancer {id} the caller may read", h.list, 403, 404)
	httpapi.Op(ops, "updateInternalNote", "PATCH /account/update-internal-note",
		"Create an internal note (no note_id) or update one", h.save, 403, 404, 409, 422)
	httpapi.Op(ops, "listInternalNoteEntities", "GET /account/internal-note/entities/{id}",
		"The entities the caller can write notes for about freelancer {id}", h.entities, 403, 404)
	httpapi.Op(ops, "bookmarkUser", "PATCH /account/bookmark/{id}",
		"Bookmark or unbookmark a freelancer", h.bookmark, 403, 404)
	httpapi.Op(ops, "followUser", "PATCH /account/follow/{id}", "Follow or unfollow a freelancer", h.follow, 403, 404)
	httpapi.Op(ops, "getFreelancerStats", "GET /account/{id}/stats",
		"Freelancer Stats: completed jobs and jobs as preferred supplier, last 30 days", httpapi.WithUser(h.stats), 403, 404)
	httpapi.Op(ops, "getOnboarding", "GET /account/onboarding",
		"The caller's onboarding progress; first moves a freelancer on through the steps their account already holds",
		httpapi.WithUser(h.onboarding))
}

type handlers struct{ store *Store }

// freelancer checks that id is a freelancer's account: 404 otherwise.
func (h *handlers) freelancer(ctx context.Context, id int64) error {
	is, err := h.store.IsFreelancer(ctx, id)
	if err != nil {
		return err
	}
	if !is {
		return apperror.NotFound("Freelancer")
	}
	return nil
}

// staff is the signed-in principal unless they are a freelancer (403): notes are internal.
func staff(ctx context.Context) (*auth.Principal, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if p.Has(auth.NeedFreelancer) {
		return nil, apperror.Forbidden()
	}
	return p, nil
}

// staffAbout is staff (403 for freelancers) asking about freelancer id (404 when id is none).
func (h *handlers) staffAbout(ctx context.Context, id int64) (*auth.Principal, error) {
	p, err := staff(ctx)
	if err != nil {
		return nil, err
	}
	return p, h.freelancer(ctx, id)
}

func (h *handlers) list(ctx context.Context, in *idPath) (*struct{ Body []NoteView }, error) {
	p, err := h.staffAbout(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	ns, err := h.store.Notes(ctx, in.ID, access.VisibleEntities(p))
	if err != nil {
		return nil, err
	}
	out := &struct{ Body []NoteView }{Body: make([]NoteView, 0, len(ns))}
	for _, n := range ns {
		out.Body = append(out.Body, n.withRights(p))
	}
	return out, nil
}

func (h *handlers) entities(ctx context.Context, in *idPath) (*struct{ Body []EntityOption }, error) {
	p, err := h.staffAbout(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	es, err := h.store.Entities(ctx, access.VisibleEntities(p))
	if err != nil {
		return nil, err
	}
	return &struct{ Body []EntityOption }{Body: es}, nil
}

type saveInput struct {
	Body struct {
		NoteID       *int64 `json:"note_id,omitempty" doc:"Absent to create a note; the note to update otherwise"`
		FreelancerID int64  `json:"freelancer_id"`
		UserID       *int64 `json:"user_id,omitempty" doc:"Ignored: the author is the caller"`
		EntityID     int64  `json:"entity_id,omitempty"`
		Title        string `json:"title" maxLength:"1000"`
		Description  string `json:"description" maxLength:"20000" text:"multiline"`
		CreatedAt    string `json:"created_at,omitempty" doc:"Ignored: the server stamps the time"`
		Version      int    `json:"version,omitempty" doc:"Required with note_id: the version read"`
	}
}

func (h *handlers) save(ctx context.Context, in *saveInput) (*struct{ Body NoteView }, error) {
	p, err := staff(ctx)
	if err != nil {
		return nil, err
	}
	b := in.Body
	note := NoteInput{EntityID: b.EntityID, Title: b.Title, Description: b.Description}
	var n NoteView
	if b.NoteID != nil {
		old, err := h.store.Note(ctx, *b.NoteID)
		if err != nil {
			return nil, err
		}
		if !CanView(p, old.EntityID) || old.FreelancerID != b.FreelancerID {
			return nil, apperror.NotFound("Note")
		}
		if !CanEdit(p, old) {
			return nil, apperror.Forbidden()
		}
		if err := note.Validate(); err != nil {
			return nil, err
		}
		if b.Version <= 0 {
			return nil, apperror.Field("version", Required)
		}
		if note.EntityID != old.EntityID && !CanView(p, note.EntityID) {
			return nil, apperror.Field("entity_id", "Choose an entity you belong to.")
		}
		if n, err = h.store.Update(ctx, old.ID, b.Version, note); err != nil {
			return nil, err
		}
	} else {
		is, err := h.store.IsFreelancer(ctx, b.FreelancerID)
		if err != nil {
			return nil, err
		}
		if !is {
			return nil, apperror.Field("freelancer_id", "Choose a freelancer.")
		}
		if err := note.Validate(); err != nil {
			return nil, err
		}
		if !CanView(p, note.EntityID) {
			return nil, apperror.Field("entity_id", "Choose an entity you belong to.")
		}
		if n, err = h.store.Create(ctx, b.FreelancerID, p.UserID, note); err != nil {
			return nil, err
		}
	}
	return &struct{ Body NoteView }{Body: n.withRights(p)}, nil
}

func (h *handlers) mark(ctx context.Context, id int64, allowed func(*auth.Principal) bool,
	set func(context.Context, int64, int64, bool) error, on bool, yes, no string) (*messageOutput, error) {
	p, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if !allowed(p) {
		return nil, apperror.Forbidden()
	}
	if err := h.freelancer(ctx, id); err != nil {
		return nil, err
	}
	if err := set(ctx, p.UserID, id, on); err != nil {
		return nil, err
	}
	if on {
		return message(yes), nil
	}
	return message(no), nil
}

func (h *handlers) bookmark(ctx context.Context, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		Bookmarked bool `json:"bookmarked"`
	}
}) (*messageOutput, error) {
	return h.mark(ctx, in.ID, CanBookmark, h.store.SetBookmark, in.Body.Bookmarked, "Bookmarked", "Bookmark removed")
}

func (h *handlers) follow(ctx context.Context, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		Followed bool `json:"followed"`
	}
}) (*messageOutput, error) {
	return h.mark(ctx, in.ID, CanFollow, h.store.SetFollow, in.Body.Followed, "Followed", "Unfollowed")
}

func (h *handlers) stats(ctx context.Context, p *auth.Principal, in *idPath) (*struct{ Body Stats }, error) {
	if !CanSeeStats(p, in.ID) {
		return nil, apperror.Forbidden()
	}
	if err := h.freelancer(ctx, in.ID); err != nil {
		return nil, err
	}
	s, err := h.store.Stats(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body Stats }{Body: s}, nil
}

func (h *handlers) onboarding(ctx context.Context, p *auth.Principal, _ *struct{}) (*struct{ Body OnboardingView }, error) {
	state, err := h.store.Onboarding(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	v := OnboardingView{OnboardingState: state}
	v.Progress, v.ShowSetupCard = accounts.OnboardingProgress(state)
	v.Steps = accounts.OnboardingChecklist(state)
	if ids := p.Needs.IDs("manage_entity"); len(ids) > 0 {
		v.ManagedEntityID = &ids[0]
	}
	return &struct{ Body OnboardingView }{Body: v}, nil
}
