-- +goose Up
-- Timesheets: one per accepted instruction whose placement has ended, pre-filled from the
-- placement and copied from the booking when created (job, rate, currency, IR35, the supplier's
-- and the client's legal entities), so the pay and invoice reads need no other feature's table.
-- status: to_fill, submitted, disputed, approved. The worked and overtime minutes and the
-- amounts are the pay rules' answer for the actual times, kept at every change.
-- internal/timesheets is the one reader and writer.
CREATE TABLE timesheets (
    id                        INTEGER PRIMARY KEY,
    instruction_id            INTEGER NOT NULL UNIQUE REFERENCES instructions (id) ON DELETE CASCADE,
    booking_id                INTEGER NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    placement_id              INTEGER NOT NULL REFERENCES placements (id) ON DELETE CASCADE,
    user_id                   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    department_id             INTEGER NOT NULL REFERENCES departments (id) ON DELETE CASCADE,
    client_entity_id          INTEGER NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    supplier_legal_entity_id  INTEGER REFERENCES legal_entities (id) ON DELETE SET NULL,
    client_legal_entity_id    INTEGER REFERENCES legal_entities (id) ON DELETE SET NULL,
    job_title                 TEXT    NOT NULL,
    placement_title           TEXT    NOT NULL DEFAULT '',
    ir35                      INTEGER NOT NULL DEFAULT 0,
    local_date                TEXT    NOT NULL,
    timezone                  TEXT    NOT NULL DEFAULT 'Europe/London',
    scheduled_start_at        TIMESTAMP NOT NULL,
    scheduled_end_at          TIMESTAMP NOT NULL,
    scheduled_break_minutes   INTEGER NOT NULL DEFAULT 0,
    start_at                  TIMESTAMP NOT NULL,
    end_at                    TIMESTAMP NOT NULL,
    break_minutes             INTEGER NOT NULL DEFAULT 0,
    rate_minor                INTEGER NOT NULL DEFAULT 0,
    currency                  TEXT    NOT NULL DEFAULT 'GBP',
    rate_period               TEXT    NOT NULL DEFAULT 'day',
    worked_minutes            INTEGER NOT NULL DEFAULT 0,
    overtime_minutes          INTEGER NOT NULL DEFAULT 0,
    base_minor                INTEGER NOT NULL DEFAULT 0,
    overtime_minor            INTEGER NOT NULL DEFAULT 0,
    amount_minor              INTEGER NOT NULL DEFAULT 0,
    status                    TEXT    NOT NULL DEFAULT 'to_fill'
                              CHECK (status IN ('to_fill', 'submitted', 'disputed', 'approved')),
    note                      TEXT    NOT NULL DEFAULT '',
    dispute_reason            TEXT    NOT NULL DEFAULT '',
    submitted_at              TIMESTAMP,
    submitted_by              INTEGER REFERENCES users (id) ON DELETE SET NULL,
    approve_by                TIMESTAMP,
    approved_at               TIMESTAMP,
    approved_by               INTEGER REFERENCES users (id) ON DELETE SET NULL,
    auto_approved             INTEGER NOT NULL DEFAULT 0,
    disputed_at               TIMESTAMP,
    disputed_by               INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at                TIMESTAMP NOT NULL,
    updated_at                TIMESTAMP NOT NULL,
    version                   INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX timesheets_user ON timesheets (user_id, status, local_date, id);
CREATE INDEX timesheets_department ON timesheets (department_id, status, local_date, id);
CREATE INDEX timesheets_approved ON timesheets (supplier_legal_entity_id, client_legal_entity_id, currency, local_date)
    WHERE status = 'approved';
CREATE INDEX timesheets_approve_by ON timesheets (approve_by) WHERE status = 'submitted';
-- The creating sweep starts from the latest scheduled end.
CREATE INDEX timesheets_scheduled_end ON timesheets (scheduled_end_at);

-- A timesheet's expenses: an amount in its currency, a description and an optional receipt
-- file in the blob store.
CREATE TABLE timesheet_expenses (
    id              INTEGER PRIMARY KEY,
    timesheet_id    INTEGER NOT NULL REFERENCES timesheets (id) ON DELETE CASCADE,
    position        INTEGER NOT NULL DEFAULT 0,
    description     TEXT    NOT NULL DEFAULT '',
    amount_minor    INTEGER NOT NULL,
    currency        TEXT    NOT NULL,
    receipt_key     TEXT    NOT NULL DEFAULT '',
    receipt_name    TEXT    NOT NULL DEFAULT '',
    receipt_type    TEXT    NOT NULL DEFAULT '',
    receipt_size    INTEGER NOT NULL DEFAULT 0,
    created_at      TIMESTAMP NOT NULL
);
CREATE INDEX timesheet_expenses_timesheet ON timesheet_expenses (timesheet_id, position, id);

-- A client entity's billing rules. No row means the defaults (internal/timesheets Defaults).
CREATE TABLE entity_billing_rules (
    entity_id                   INTEGER PRIMARY KEY REFERENCES entities (id) ON DELETE CASCADE,
    dispute_window_hours        INTEGER NOT NULL,
    overtime_threshold_minutes  INTEGER NOT NULL,
    overtime_multiplier_pct     INTEGER NOT NULL,
    invoice_period              TEXT    NOT NULL CHECK (invoice_period IN ('week', 'month')),
    payment_days                INTEGER NOT NULL,
    updated_by                  INTEGER REFERENCES users (id) ON DELETE SET NULL,
    updated_at                  TIMESTAMP NOT NULL,
    version                     INTEGER NOT NULL DEFAULT 1
);

-- +goose Down
DROP TABLE entity_billing_rules;
DROP TABLE timesheet_expenses;
DROP TABLE timesheets;
