-- +goose Up
-- placement_states (migration 00029) also counts each placement's instructions that are not
-- deleted by (supplier, client) status pair, and the instructions that substitute another
-- (deleted or not), so the scheduler's month view reads a placement's counts with the placement
-- instead of counting its instructions on every call (internal/scheduler, groupPlacements). As
-- with pairs, the rules (which pair has which colour, what a substitution changes) stay in Go.
--
-- pair_counts_S holds the instructions whose supplier status has position S (numbered as for
-- pairs), 10 bits per client status position C: (pair_counts_S >> (10 * C)) & 1023. A placement
-- has far fewer than 1,024 instructions of one pair. bookings.PairCounts reads them.
-- (PostgreSQL's twin is migrations/postgres/00031.)
ALTER TABLE placement_states ADD COLUMN pair_counts_0 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE placement_states ADD COLUMN pair_counts_1 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE placement_states ADD COLUMN pair_counts_2 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE placement_states ADD COLUMN pair_counts_3 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE placement_states ADD COLUMN pair_counts_4 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE placement_states ADD COLUMN pair_counts_5 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE placement_states ADD COLUMN substitutions INTEGER NOT NULL DEFAULT 0;

UPDATE placement_states SET (pairs, pair_counts_0, pair_counts_1, pair_counts_2, pair_counts_3, pair_counts_4, pair_counts_5, substitutions) = (SELECT
        COALESCE(SUM(DISTINCT CASE WHEN i.deleted_at IS NULL THEN 1 << (6 * (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) + (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 0 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 1 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 2 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 3 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 4 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 5 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.substitution_of_id IS NOT NULL THEN 1 ELSE 0 END), 0)
        FROM instructions i WHERE i.placement_id = placement_states.placement_id)
    WHERE TRUE;

DROP TRIGGER placement_states_instruction_insert;
DROP TRIGGER placement_states_instruction_update;
DROP TRIGGER placement_states_instruction_delete;

-- +goose StatementBegin
CREATE TRIGGER placement_states_instruction_insert AFTER INSERT ON instructions
BEGIN
    UPDATE placement_states SET (pairs, pair_counts_0, pair_counts_1, pair_counts_2, pair_counts_3, pair_counts_4, pair_counts_5, substitutions) = (SELECT
        COALESCE(SUM(DISTINCT CASE WHEN i.deleted_at IS NULL THEN 1 << (6 * (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) + (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 0 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 1 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 2 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 3 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 4 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 5 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.substitution_of_id IS NOT NULL THEN 1 ELSE 0 END), 0)
        FROM instructions i WHERE i.placement_id = NEW.placement_id)
    WHERE placement_id = NEW.placement_id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER placement_states_instruction_update
AFTER UPDATE OF placement_id, supplier_status, client_status, deleted_at, substitution_of_id ON instructions
BEGIN
    UPDATE placement_states SET (pairs, pair_counts_0, pair_counts_1, pair_counts_2, pair_counts_3, pair_counts_4, pair_counts_5, substitutions) = (SELECT
        COALESCE(SUM(DISTINCT CASE WHEN i.deleted_at IS NULL THEN 1 << (6 * (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) + (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 0 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 1 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 2 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 3 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 4 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 5 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.substitution_of_id IS NOT NULL THEN 1 ELSE 0 END), 0)
        FROM instructions i WHERE i.placement_id = placement_states.placement_id)
    WHERE placement_id IN (NEW.placement_id, OLD.placement_id);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER placement_states_instruction_delete AFTER DELETE ON instructions
BEGIN
    UPDATE placement_states SET (pairs, pair_counts_0, pair_counts_1, pair_counts_2, pair_counts_3, pair_counts_4, pair_counts_5, substitutions) = (SELECT
        COALESCE(SUM(DISTINCT CASE WHEN i.deleted_at IS NULL THEN 1 << (6 * (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) + (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 0 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 1 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 2 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 3 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 4 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.deleted_at IS NULL AND (CASE i.supplier_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END) = 5 THEN 1 << (10 * (CASE i.client_status WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)) ELSE 0 END), 0),
        COALESCE(SUM(CASE WHEN i.substitution_of_id IS NOT NULL THEN 1 ELSE 0 END), 0)
        FROM instructions i WHERE i.placement_id = OLD.placement_id)
    WHERE placement_id = OLD.placement_id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER placement_states_instruction_delete;
DROP TRIGGER placement_states_instruction_update;
DROP TRIGGER placement_states_instruction_insert;

-- +goose StatementBegin
CREATE TRIGGER placement_states_instruction_insert AFTER INSERT ON instructions
BEGIN
    UPDATE placement_states SET pairs = COALESCE((SELECT SUM(DISTINCT 1 << (6 * (CASE i.supplier_status
        WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3
        WHEN 'unknown' THEN 4 ELSE 5 END) + (CASE i.client_status WHEN 'awaiting_response' THEN 0
        WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)))
        FROM instructions i WHERE i.placement_id = NEW.placement_id AND i.deleted_at IS NULL), 0)
    WHERE placement_id = NEW.placement_id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER placement_states_instruction_update
AFTER UPDATE OF placement_id, supplier_status, client_status, deleted_at ON instructions
BEGIN
    UPDATE placement_states SET pairs = COALESCE((SELECT SUM(DISTINCT 1 << (6 * (CASE i.supplier_status
        WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3
        WHEN 'unknown' THEN 4 ELSE 5 END) + (CASE i.client_status WHEN 'awaiting_response' THEN 0
        WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)))
        FROM instructions i WHERE i.placement_id = placement_states.placement_id AND i.deleted_at IS NULL), 0)
    WHERE placement_id IN (NEW.placement_id, OLD.placement_id);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER placement_states_instruction_delete AFTER DELETE ON instructions
BEGIN
    UPDATE placement_states SET pairs = COALESCE((SELECT SUM(DISTINCT 1 << (6 * (CASE i.supplier_status
        WHEN 'awaiting_response' THEN 0 WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3
        WHEN 'unknown' THEN 4 ELSE 5 END) + (CASE i.client_status WHEN 'awaiting_response' THEN 0
        WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'cancelled' THEN 3 WHEN 'unknown' THEN 4 ELSE 5 END)))
        FROM instructions i WHERE i.placement_id = OLD.placement_id AND i.deleted_at IS NULL), 0)
    WHERE placement_id = OLD.placement_id;
END;
-- +goose StatementEnd

ALTER TABLE placement_states DROP COLUMN pair_counts_0;
ALTER TABLE placement_states DROP COLUMN pair_counts_1;
ALTER TABLE placement_states DROP COLUMN pair_counts_2;
ALTER TABLE placement_states DROP COLUMN pair_counts_3;
ALTER TABLE placement_states DROP COLUMN pair_counts_4;
ALTER TABLE placement_states DROP COLUMN pair_counts_5;
ALTER TABLE placement_states DROP COLUMN substitutions;
