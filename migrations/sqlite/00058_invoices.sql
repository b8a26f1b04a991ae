-- +goose Up
-- Self-billed invoices and credit notes (internal/invoices). A client issues them on behalf of a
-- supplier's legal entity that agreed to self-billing, from approved timesheets: one document per
-- supplier legal entity, client legal entity, currency and period. An issued document never
-- changes but for its payment status (issued, paid, void); a void issues a credit note
-- (credit_for_id) with its own number. The parties' names, addresses, VAT and bank details are
-- kept as they were at issue (parties_json), so a later edit of a legal entity leaves issued
-- documents as they were sent. Money in minor units of currency. Twin: migrations/postgres/00058.
CREATE TABLE invoices (
    id                       INTEGER PRIMARY KEY,
    kind                     TEXT    NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
    number                   INTEGER NOT NULL,
    number_text              TEXT    NOT NULL,
    supplier_legal_entity_id INTEGER  NOT NULL REFERENCES legal_entities (id),
    client_legal_entity_id   INTEGER  NOT NULL REFERENCES legal_entities (id),
    client_entity_id         INTEGER  NOT NULL REFERENCES entities (id),
    currency                 TEXT    NOT NULL,
    period_start             TEXT    NOT NULL,
    period_end               TEXT    NOT NULL,
    issue_date               TEXT    NOT NULL,
    due_date                 TEXT    NOT NULL,
    status                   TEXT    NOT NULL CHECK (status IN ('issued', 'paid', 'void')),
    paid_on                  TEXT,
    void_reason              TEXT    NOT NULL DEFAULT '',
    voided_at                TIMESTAMP,
    credit_for_id            INTEGER  REFERENCES invoices (id),
    vat_registered           BOOLEAN NOT NULL,
    vat_hundredths           INTEGER NOT NULL,
    net_minor                INTEGER  NOT NULL,
    vat_minor                INTEGER  NOT NULL,
    total_minor              INTEGER  NOT NULL,
    ir35                     BOOLEAN NOT NULL,
    parties_json             TEXT    NOT NULL,
    overdue_told_at          TIMESTAMP,
    issued_by_user_id        INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    created_at               TIMESTAMP NOT NULL,
    updated_at               TIMESTAMP NOT NULL,
    version                  INTEGER NOT NULL DEFAULT 1,
    UNIQUE (supplier_legal_entity_id, kind, number)
);
CREATE INDEX invoices_issue ON invoices (issue_date, id);
CREATE INDEX invoices_client ON invoices (client_entity_id, issue_date);
CREATE INDEX invoices_due ON invoices (status, due_date);
CREATE UNIQUE INDEX invoices_one_credit ON invoices (credit_for_id);

-- One line per timesheet (kind time) and per expense (kind expense). timesheet_id ties a line
-- to what it bills, so the same timesheet is not billed twice while its invoice stands.
CREATE TABLE invoice_lines (
    id             INTEGER PRIMARY KEY,
    invoice_id     INTEGER  NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
    position       INTEGER NOT NULL,
    kind           TEXT    NOT NULL CHECK (kind IN ('time', 'expense')),
    timesheet_id   INTEGER  NOT NULL,
    expense_ref    TEXT    NOT NULL DEFAULT '',
    user_id        INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    department_id  INTEGER  NOT NULL,
    booking_id     INTEGER  NOT NULL,
    work_date      TEXT    NOT NULL,
    description    TEXT    NOT NULL,
    quantity_hundredths INTEGER NOT NULL,
    rate_period    TEXT    NOT NULL DEFAULT '',
    unit_minor     INTEGER  NOT NULL,
    amount_minor   INTEGER  NOT NULL,
    ir35           BOOLEAN NOT NULL,
    UNIQUE (invoice_id, position)
);
CREATE INDEX invoice_lines_timesheet ON invoice_lines (timesheet_id);
CREATE INDEX invoice_lines_user ON invoice_lines (user_id, invoice_id);
CREATE INDEX invoice_lines_department ON invoice_lines (department_id, invoice_id);

-- The last number given per supplier legal entity and kind: the issuing transaction takes the
-- row (UPDATE ... RETURNING) before it numbers, so concurrent issuers wait their turn and no
-- number is skipped or given twice.
CREATE TABLE invoice_sequences (
    supplier_legal_entity_id INTEGER NOT NULL REFERENCES legal_entities (id),
    kind                     TEXT   NOT NULL,
    last_number              INTEGER NOT NULL,
    PRIMARY KEY (supplier_legal_entity_id, kind)
);

-- +goose Down
DROP TABLE invoice_sequences;
DROP TABLE invoice_lines;
DROP TABLE invoices;
