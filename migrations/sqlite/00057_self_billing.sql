-- +goose Up
-- A supplier's legal entity agrees to self-billing: its clients then issue its invoices on its
-- behalf (internal/invoices). One row per legal entity that has ever answered; agreed is the
-- answer in force, with when and by whom it was last given (the history keeps earlier answers).
-- Only the legal entity's managers change it. Twin: migrations/postgres/00057.
CREATE TABLE self_billing_agreements (
    legal_entity_id   INTEGER PRIMARY KEY REFERENCES legal_entities (id) ON DELETE CASCADE,
    agreed            BOOLEAN NOT NULL,
    agreed_at         TIMESTAMP NOT NULL,
    agreed_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    agreed_by_name    TEXT NOT NULL,
    created_at        TIMESTAMP NOT NULL,
    updated_at        TIMESTAMP NOT NULL,
    version           INTEGER NOT NULL DEFAULT 1
);

-- +goose Down
DROP TABLE self_billing_agreements;
