-- +goose Up
-- A legal entity's location, chosen from the location search (spec part 1 §2 and §3: location_name,
-- latitude, longitude). Empty name and no coordinates when none was chosen.
ALTER TABLE legal_entities ADD COLUMN location_name TEXT NOT NULL DEFAULT '';
ALTER TABLE legal_entities ADD COLUMN latitude REAL;
ALTER TABLE legal_entities ADD COLUMN longitude REAL;

-- +goose Down
ALTER TABLE legal_entities DROP COLUMN longitude;
ALTER TABLE legal_entities DROP COLUMN latitude;
ALTER TABLE legal_entities DROP COLUMN location_name;
