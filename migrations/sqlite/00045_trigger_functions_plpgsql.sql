-- +goose Up
-- PostgreSQL's trigger helpers become PL/pgSQL, which keeps their plans (migrations/postgres/
-- 00045). SQLite's triggers hold their statements themselves: nothing to change.
SELECT 1;

-- +goose Down
SELECT 1;
