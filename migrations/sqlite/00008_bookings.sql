-- +goose Up
-- Job templates: a department's reusable job, its placement templates (with default rates)
-- and its preferred freelancers.
CREATE TABLE job_templates (
    id             INTEGER PRIMARY KEY,
    department_id  INTEGER  NOT NULL REFERENCES departments (id) ON DELETE CASCADE,
    title          TEXT    NOT NULL,
    title_lc       TEXT    NOT NULL,
    type           TEXT    NOT NULL DEFAULT 'template',
    description    TEXT    NOT NULL DEFAULT '',
    created_at     TIMESTAMP NOT NULL,
    updated_at     TIMESTAMP NOT NULL,
    version        INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX job_templates_department ON job_templates (department_id, title_lc, id);
CREATE INDEX job_templates_title ON job_templates (title_lc, id);

CREATE TABLE placement_templates (
    id               INTEGER PRIMARY KEY,
    job_template_id  INTEGER  NOT NULL REFERENCES job_templates (id) ON DELETE CASCADE,
    position         INTEGER NOT NULL DEFAULT 0,
    title            TEXT    NOT NULL,
    start_time       TEXT    NOT NULL,
    end_time         TEXT    NOT NULL,
    unpaid_breaks    INTEGER NOT NULL DEFAULT 0,
    supplier_notes   TEXT    NOT NULL DEFAULT '',
    buy_rate_minor   INTEGER  NOT NULL DEFAULT 0,
    buy_currency     TEXT    NOT NULL DEFAULT 'GBP',
    buy_period       TEXT    NOT NULL DEFAULT 'day',
    sell_rate_minor  INTEGER  NOT NULL DEFAULT 0,
    sell_currency    TEXT    NOT NULL DEFAULT 'GBP',
    sell_period      TEXT    NOT NULL DEFAULT 'day',
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL,
    version          INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX placement_templates_job ON placement_templates (job_template_id, position, id);

CREATE TABLE job_template_preferred_users (
    job_template_id  INTEGER NOT NULL REFERENCES job_templates (id) ON DELETE CASCADE,
    user_id          INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at       TIMESTAMP NOT NULL,
    PRIMARY KEY (job_template_id, user_id)
);
CREATE INDEX job_template_preferred_users_user ON job_template_preferred_users (user_id);

-- Custom rates of one freelancer on one placement template (the defaults sit on the template).
CREATE TABLE rate_cards (
    id                     INTEGER PRIMARY KEY,
    placement_template_id  INTEGER  NOT NULL REFERENCES placement_templates (id) ON DELETE CASCADE,
    user_id                INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    buy_rate_minor         INTEGER  NOT NULL DEFAULT 0,
    buy_currency           TEXT    NOT NULL DEFAULT 'GBP',
    buy_period             TEXT    NOT NULL DEFAULT 'day',
    sell_rate_minor        INTEGER  NOT NULL DEFAULT 0,
    sell_currency          TEXT    NOT NULL DEFAULT 'GBP',
    sell_period            TEXT    NOT NULL DEFAULT 'day',
    created_at             TIMESTAMP NOT NULL,
    updated_at             TIMESTAMP NOT NULL,
    version                INTEGER NOT NULL DEFAULT 1,
    UNIQUE (placement_template_id, user_id)
);
CREATE INDEX rate_cards_user ON rate_cards (user_id);

CREATE TABLE bookings (
    id                    INTEGER PRIMARY KEY,
    job_template_id       INTEGER  REFERENCES job_templates (id) ON DELETE SET NULL,
    department_id         INTEGER  NOT NULL REFERENCES departments (id) ON DELETE CASCADE,
    title                 TEXT    NOT NULL,
    reference             TEXT    NOT NULL DEFAULT '',
    ir35                  INTEGER NOT NULL DEFAULT 0,
    type                  TEXT    NOT NULL DEFAULT 'default',
    direct                INTEGER NOT NULL DEFAULT 0,
    substitution_allowed  INTEGER NOT NULL DEFAULT 0,
    period_type           TEXT    NOT NULL DEFAULT 'range',
    created_by            INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    created_at            TIMESTAMP NOT NULL,
    updated_at            TIMESTAMP NOT NULL,
    version               INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX bookings_department ON bookings (department_id, id);
CREATE INDEX bookings_job_template ON bookings (job_template_id);

-- A dated placement: its period in UTC (start_at, end_at) and the department's zone, so the
-- local period and its offset are right on any date.
CREATE TABLE placements (
    id                     INTEGER PRIMARY KEY,
    booking_id             INTEGER  NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    placement_template_id  INTEGER  REFERENCES placement_templates (id) ON DELETE SET NULL,
    title                  TEXT    NOT NULL,
    local_date             TEXT    NOT NULL,
    start_time             TEXT    NOT NULL,
    end_time               TEXT    NOT NULL,
    start_at               TIMESTAMP NOT NULL,
    end_at                 TIMESTAMP NOT NULL,
    timezone               TEXT    NOT NULL DEFAULT 'Europe/London',
    overnight              INTEGER NOT NULL DEFAULT 0,
    reference              TEXT    NOT NULL DEFAULT '',
    unpaid_breaks          INTEGER NOT NULL DEFAULT 0,
    supplier_notes         TEXT    NOT NULL DEFAULT '',
    cancellation_reason    TEXT    NOT NULL DEFAULT '',
    deleted_at             TIMESTAMP,
    created_at             TIMESTAMP NOT NULL,
    updated_at             TIMESTAMP NOT NULL,
    version                INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX placements_booking ON placements (booking_id, start_at);
CREATE INDEX placements_start ON placements (start_at, id);
CREATE INDEX placements_template ON placements (placement_template_id, start_at);

CREATE TABLE instructions (
    id                        INTEGER PRIMARY KEY,
    placement_id              INTEGER  NOT NULL REFERENCES placements (id) ON DELETE CASCADE,
    booking_id                INTEGER  NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    user_id                   INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    supplier_status           TEXT    NOT NULL DEFAULT 'awaiting_response',
    client_status             TEXT    NOT NULL DEFAULT 'awaiting_response',
    previous_supplier_status  TEXT,
    previous_client_status    TEXT,
    substitution_of_id        INTEGER  REFERENCES instructions (id) ON DELETE SET NULL,
    cancellation_reason       TEXT    NOT NULL DEFAULT '',
    buy_rate_minor            INTEGER  NOT NULL DEFAULT 0,
    buy_currency              TEXT    NOT NULL DEFAULT 'GBP',
    buy_period                TEXT    NOT NULL DEFAULT 'day',
    sell_rate_minor           INTEGER  NOT NULL DEFAULT 0,
    sell_currency             TEXT    NOT NULL DEFAULT 'GBP',
    sell_period               TEXT    NOT NULL DEFAULT 'day',
    supplier_id               INTEGER  REFERENCES entities (id) ON DELETE SET NULL,
    legal_entity_id           INTEGER  REFERENCES legal_entities (id) ON DELETE SET NULL,
    direct                    INTEGER NOT NULL DEFAULT 0,
    notes                     TEXT    NOT NULL DEFAULT '',
    created_by                INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    modified_by               INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    deleted_at                TIMESTAMP,
    created_at                TIMESTAMP NOT NULL,
    updated_at                TIMESTAMP NOT NULL,
    version                   INTEGER NOT NULL DEFAULT 1
);
-- One live instruction per (placement, freelancer): a concurrent second grant meets this index.
CREATE UNIQUE INDEX instructions_live ON instructions (placement_id, user_id) WHERE deleted_at IS NULL;
CREATE INDEX instructions_user ON instructions (user_id, placement_id);
CREATE INDEX instructions_booking ON instructions (booking_id, placement_id);
CREATE INDEX instructions_substitution ON instructions (substitution_of_id);

CREATE TABLE unavailability (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    date        TEXT   NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    UNIQUE (user_id, date)
);

-- Domain events of bookings, placements and instructions, written in the same transaction as
-- the change; notifications deliver them later (delivered_at marks the ones handled).
CREATE TABLE booking_events (
    id             INTEGER PRIMARY KEY,
    kind           TEXT   NOT NULL,
    booking_id     INTEGER NOT NULL,
    placement_id   INTEGER,
    instruction_id INTEGER,
    user_id        INTEGER,
    actor_user_id  INTEGER,
    payload_json   TEXT   NOT NULL DEFAULT '{}',
    created_at     TIMESTAMP NOT NULL,
    delivered_at   TIMESTAMP
);
CREATE INDEX booking_events_pending ON booking_events (delivered_at, id);
CREATE INDEX booking_events_booking ON booking_events (booking_id, id);

-- +goose Down
DROP TABLE booking_events;
DROP TABLE unavailability;
DROP TABLE instructions;
DROP TABLE placements;
DROP TABLE bookings;
DROP TABLE rate_cards;
DROP TABLE job_template_preferred_users;
DROP TABLE placement_templates;
DROP TABLE job_templates;
