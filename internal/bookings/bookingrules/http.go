package bookingrules

import (
	"context"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/access"
	"github.com/hive/hive/internal/platform/feature"
	"github.com/hive/hive/internal/platform/httpapi"
)

// Register adds GET and PUT /entity/{id}/booking-rules: the entity's managers and administrators
// read and change them; anyone else is refused as for the entity itself (404 when they may not
// see it, 403 when they may only view it).
func Register(api huma.API, d feature.Deps) {
	h := &handlers{store: &Store{DB: d.DB}}
	ops := httpapi.Operations{API: api, Access: httpapi.Signed, Tag: "Entity"}
	httpapi.Op(ops, "getEntityBookingRules", "GET /entity/{id}/booking-rules",
		"An entity's booking rules: working-time limits, challenge and reminder times", h.get, 403, 404)
	httpapi.Op(ops, "updateEntityBookingRules", "PUT /entity/{id}/booking-rules",
		"Change an entity's booking rules (its managers and administrators)", h.put, 403, 404, 409, 422)
}

type handlers struct{ store *Store }

// EntityBookingRulesUpdate is the rules to save with the version read (0 while the entity has the defaults).
type EntityBookingRulesUpdate struct {
	Rules
	Version int `json:"version" minimum:"0"`
}

type idPath struct {
	ID int64 `path:"id" minimum:"1"`
}

func (h *handlers) get(ctx context.Context, in *idPath) (*struct{ Body EntityBookingRules }, error) {
	if _, err := access.RequireEntityManager(ctx, in.ID); err != nil {
		return nil, err
	}
	v, err := h.store.Get(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body EntityBookingRules }{Body: v}, nil
}

func (h *handlers) put(ctx context.Context, in *struct {
	ID   int64 `path:"id" minimum:"1"`
	Body EntityBookingRulesUpdate
}) (*struct{ Body EntityBookingRules }, error) {
	p, err := access.RequireEntityManager(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	v, err := h.store.Save(ctx, in.ID, in.Body.Rules, in.Body.Version, p.UserID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body EntityBookingRules }{Body: v}, nil
}
