-- +goose Up
-- The freelancer advanced search narrows a radius to a latitude and longitude box before it
-- computes great-circle distances (internal/search, store_advanced.go): this index answers the
-- box for freelancers only, the people it searches.
CREATE INDEX users_freelancer_location ON users (latitude, longitude) WHERE is_freelancer = TRUE;

-- +goose Down
DROP INDEX users_freelancer_location;
