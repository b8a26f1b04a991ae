-- +goose Up
-- The freelancer advanced search narrows a radius to a latitude and longitude box before it
-- computes great-circle distances (internal/search, store_advanced.go): this index answers the
-- box among freelancers, the people it searches (is_freelancer first: SQLite, which has no
-- statistics, would otherwise prefer an index on is_freelancer alone and read every freelancer).
CREATE INDEX users_freelancer_location ON users (is_freelancer, latitude, longitude);
-- Chosen skills and job titles drive the read when there are some: the holders of the first tag,
-- from this index alone (user_tags_tag holds no user_id, so each of its entries costs a row read),
-- then the others by the primary key.
CREATE INDEX user_tags_tag_user ON user_tags (tag_id, user_id);

-- +goose Down
DROP INDEX user_tags_tag_user;
DROP INDEX users_freelancer_location;
