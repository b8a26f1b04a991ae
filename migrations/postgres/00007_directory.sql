-- +goose Up
-- The All Users grid: each tab (is_freelancer) walks users in the order of its sort column, and
-- a name filter is a prefix range on the same lower-cased expression, so a filtered, sorted page
-- and its count read only the matching index entries.
CREATE INDEX users_tab_last_name ON users (is_freelancer, LOWER(last_name), LOWER(first_name), id);
CREATE INDEX users_tab_first_name ON users (is_freelancer, LOWER(first_name), LOWER(last_name), id);
CREATE INDEX users_tab_email ON users (is_freelancer, email_lc, id);

-- +goose Down
DROP INDEX users_tab_email;
DROP INDEX users_tab_first_name;
DROP INDEX users_tab_last_name;
