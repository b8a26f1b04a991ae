-- +goose Up
-- The administrative job fields of a job template (spec part 1, the search's job card): set and
-- seen by administrators only. Empty text when unset.
ALTER TABLE job_templates ADD COLUMN legacy_job_id TEXT NOT NULL DEFAULT '';
ALTER TABLE job_templates ADD COLUMN agent TEXT NOT NULL DEFAULT '';
ALTER TABLE job_templates ADD COLUMN division_team TEXT NOT NULL DEFAULT '';
ALTER TABLE job_templates ADD COLUMN job_function TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE job_templates DROP COLUMN job_function;
ALTER TABLE job_templates DROP COLUMN division_team;
ALTER TABLE job_templates DROP COLUMN agent;
ALTER TABLE job_templates DROP COLUMN legacy_job_id;
