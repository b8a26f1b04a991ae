-- +goose Up
-- A freelancer's CalDAV calendar (internal/calendarsync). Twin: migrations/postgres/00061.
-- One connection per freelancer: the server, the user name and the app password sealed with a
-- key derived from HIVE_SECRET, the calendar busy times are read from and the one Hive writes
-- its accepted work to (may be the same). The sync state says when the last good sync was, the
-- last failure and when the next try is due; lease_until keeps a second node off a connection
-- while one syncs it.
CREATE TABLE calendar_connections (
    id                 INTEGER   PRIMARY KEY,
    user_id            INTEGER   NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    server_url         TEXT      NOT NULL,
    username           TEXT      NOT NULL,
    secret_sealed      TEXT      NOT NULL,
    read_calendar      TEXT      NOT NULL,
    write_calendar     TEXT      NOT NULL,
    interval_minutes   INTEGER   NOT NULL DEFAULT 10,
    last_good_sync_at  TIMESTAMP,
    last_error         TEXT      NOT NULL DEFAULT '',
    last_error_at      TIMESTAMP,
    failures           INTEGER   NOT NULL DEFAULT 0,
    next_sync_at       TIMESTAMP NOT NULL,
    lease_until        TIMESTAMP,
    lease_owner        TEXT      NOT NULL DEFAULT '',
    expanded_from      TIMESTAMP,
    expanded_until     TIMESTAMP,
    sync_count         INTEGER   NOT NULL DEFAULT 0,
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL,
    version            INTEGER   NOT NULL DEFAULT 1
);
CREATE INDEX calendar_connections_due ON calendar_connections (next_sync_at);

-- Each object of the read calendar with its ETag, so a sync fetches only what changed.
CREATE TABLE calendar_read_objects (
    connection_id  INTEGER NOT NULL REFERENCES calendar_connections (id) ON DELETE CASCADE,
    href           TEXT    NOT NULL,
    etag           TEXT    NOT NULL,
    PRIMARY KEY (connection_id, href)
);

-- Busy times from a freelancer's own calendar: times only, never a title or detail.
CREATE TABLE calendar_busy_blocks (
    id             INTEGER   PRIMARY KEY,
    connection_id  INTEGER   NOT NULL REFERENCES calendar_connections (id) ON DELETE CASCADE,
    user_id        INTEGER   NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    href           TEXT      NOT NULL,
    start_at       TIMESTAMP NOT NULL,
    end_at         TIMESTAMP NOT NULL
);
CREATE INDEX calendar_busy_blocks_user ON calendar_busy_blocks (user_id, start_at);
CREATE INDEX calendar_busy_blocks_href ON calendar_busy_blocks (connection_id, href);

-- The events Hive created in the write calendar, one per accepted instruction: Hive edits and
-- deletes only these (by href), raising SEQUENCE on every change.
CREATE TABLE calendar_written_events (
    id              INTEGER   PRIMARY KEY,
    connection_id   INTEGER   NOT NULL REFERENCES calendar_connections (id) ON DELETE CASCADE,
    instruction_id  INTEGER   NOT NULL,
    uid             TEXT      NOT NULL,
    href            TEXT      NOT NULL,
    summary         TEXT      NOT NULL,
    start_at        TIMESTAMP NOT NULL,
    end_at          TIMESTAMP NOT NULL,
    sequence        INTEGER   NOT NULL DEFAULT 0,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL,
    UNIQUE (connection_id, instruction_id)
);

-- +goose Down
DROP TABLE calendar_written_events;
DROP TABLE calendar_busy_blocks;
DROP TABLE calendar_read_objects;
DROP TABLE calendar_connections;
