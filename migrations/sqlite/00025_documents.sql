-- +goose Up
-- Documents to sign: one row per user and document. A department manager asks
-- the freelancers of a booking to sign; requested_by and booking_id say who asked and for what.
-- status is stored as pending or completed (urgent is pending with the due date near, worked
-- out when read). docuseal_submission_id and docuseal_submitter_id tie a row to the DocuSeal
-- signing request made for it, so the completed-signing webhook finds it; completed_at is set
-- once, which keeps a repeated webhook delivery from changing anything.
CREATE TABLE documents (
    id                     INTEGER PRIMARY KEY,
    user_id                INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title                  TEXT    NOT NULL,
    description            TEXT    NOT NULL DEFAULT '',
    status                 TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed')),
    due_date               TEXT    NOT NULL,
    document_url           TEXT    NOT NULL,
    requested_by           INTEGER REFERENCES users (id) ON DELETE SET NULL,
    booking_id             INTEGER REFERENCES bookings (id) ON DELETE SET NULL,
    department_id          INTEGER REFERENCES departments (id) ON DELETE SET NULL,
    docuseal_submission_id INTEGER,
    docuseal_submitter_id  INTEGER,
    completed_at           TIMESTAMP,
    created_at             TIMESTAMP NOT NULL,
    updated_at             TIMESTAMP NOT NULL
);
CREATE INDEX documents_user ON documents (user_id, status, due_date);
CREATE INDEX documents_requested_by ON documents (requested_by, id);
CREATE INDEX documents_department ON documents (department_id, id);
CREATE UNIQUE INDEX documents_docuseal_submitter ON documents (docuseal_submitter_id);

-- +goose Down
DROP TABLE documents;
