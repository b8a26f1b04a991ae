-- +goose Up
-- The triggers' helpers placement_state_refresh (00031) and placement_day_counts_apply (00041)
-- were LANGUAGE sql. PostgreSQL keeps an SQL function's plan only for the query that calls it,
-- and each trigger firing is a query of its own, so every write to an instruction planned the
-- refresh's large statement again: 0.55 ms a call on bench/load's data set, and about 3 ms under
-- load. PL/pgSQL keeps its statements' plans for the session: 0.17 ms a call. The bodies stay
-- those of 00031 and 00041, wrapped here rather than written out again. Twin: migrations/sqlite/
-- 00045 (SQLite's triggers hold their statements themselves).
-- +goose StatementBegin
DO $$
DECLARE
    f RECORD;
BEGIN
    FOR f IN SELECT quote_ident(p.proname) || '(' || pg_get_function_arguments(p.oid) || ')' AS signature, p.prosrc FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
        WHERE p.proname IN ('placement_state_refresh', 'placement_day_counts_apply') AND l.lanname = 'sql'
    LOOP
        EXECUTE format('CREATE OR REPLACE FUNCTION %s RETURNS void LANGUAGE plpgsql AS %L', f.signature,
            E'BEGIN\n' || rtrim(f.prosrc, E' \n;') || E';\nEND');
    END LOOP;
END;
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DO $$
DECLARE
    f RECORD;
BEGIN
    FOR f IN SELECT quote_ident(p.proname) || '(' || pg_get_function_arguments(p.oid) || ')' AS signature, p.prosrc FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
        WHERE p.proname IN ('placement_state_refresh', 'placement_day_counts_apply') AND l.lanname = 'plpgsql'
    LOOP
        EXECUTE format('CREATE OR REPLACE FUNCTION %s RETURNS void LANGUAGE sql AS %L', f.signature,
            regexp_replace(regexp_replace(f.prosrc, E'^BEGIN\n', ''), E';\nEND$', ''));
    END LOOP;
END;
$$;
-- +goose StatementEnd
