-- Drafts on the server for PostgreSQL: m0006_drafts.sql in PostgreSQL's types. Same columns,
-- constraints and conventions as the SQLite file (read its comments).

CREATE TABLE drafts (
    id          text    PRIMARY KEY,
    skin        text    NOT NULL,
    revision    bigint  NOT NULL CHECK (revision >= 1),
    deleted     bigint  NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
    created_at  text    NOT NULL,
    created_by  text    NOT NULL,
    updated_at  text    NOT NULL,
    updated_by  text    NOT NULL
);

CREATE TABLE draft_revisions (
    draft_id    text    NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
    revision    bigint  NOT NULL CHECK (revision >= 1),
    document    bytea   NOT NULL,
    sha256      text    NOT NULL CHECK (length(sha256) = 64),
    created_at  text    NOT NULL,
    created_by  text    NOT NULL,
    PRIMARY KEY (draft_id, revision)
);

CREATE TABLE preview_links (
    token_hash  text    PRIMARY KEY CHECK (length(token_hash) = 64),
    draft_id    text    NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
    created_at  text    NOT NULL,
    created_by  text    NOT NULL,
    expires_at  text    NOT NULL,
    revoked_at  text,
    revoked_by  text
);
CREATE INDEX preview_links_by_draft ON preview_links (draft_id);

ALTER TABLE events DROP CONSTRAINT events_kind_check;
ALTER TABLE events ADD CONSTRAINT events_kind_check CHECK (kind IN ('publish', 'activate', 'delete', 'gate', 'draft'));
