-- Drafts on the server (docs/api.md, "Drafts"): a designer's work in progress, saved again and
-- again, that will become the next version of `skin` when published. Same conventions as m0001.

-- One row per draft id. `revision` is the draft's latest revision, numbered from 1; a deleted
-- draft keeps its row (`deleted` = 1, its revisions gone) so that a draft made again under the
-- same id goes on numbering, and an `If-Match` taken before the delete can never match it.
CREATE TABLE drafts (
    id          TEXT    PRIMARY KEY,
    skin        TEXT    NOT NULL,
    revision    INTEGER NOT NULL CHECK (revision >= 1),
    deleted     INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
    created_at  TEXT    NOT NULL,
    created_by  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    updated_by  TEXT    NOT NULL
);

-- Every revision's body, as the designer sent it (a skin document or a token set): two writers
-- each keep theirs, the last one is the draft. The oldest beyond the store's bound are pruned.
CREATE TABLE draft_revisions (
    draft_id    TEXT    NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
    revision    INTEGER NOT NULL CHECK (revision >= 1),
    document    BLOB    NOT NULL,
    sha256      TEXT    NOT NULL CHECK (length(sha256) = 64),
    created_at  TEXT    NOT NULL,
    created_by  TEXT    NOT NULL,
    PRIMARY KEY (draft_id, revision)
);

-- Preview links (docs/api.md, "Preview links"): read-only links to a draft resolved, for a
-- phone to open. Only the SHA-256 of each link's secret is kept, as for API tokens. A revoked
-- or expired link answers 410; links expired for a week are pruned when new ones are made.
CREATE TABLE preview_links (
    token_hash  TEXT    PRIMARY KEY CHECK (length(token_hash) = 64),
    draft_id    TEXT    NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
    created_at  TEXT    NOT NULL,
    created_by  TEXT    NOT NULL,
    expires_at  TEXT    NOT NULL,
    revoked_at  TEXT,
    revoked_by  TEXT
);
CREATE INDEX preview_links_by_draft ON preview_links (draft_id);

-- The change feed carries a draft's saves and deletes (kind `draft`: its skin, and the revision
-- as `version`), so that every process wakes the long-polls on drafts; the public feed leaves
-- them out. SQLite cannot change a CHECK constraint in place: the table is rebuilt as in
-- m0005, its AUTOINCREMENT counter carried over so `after=` cursors stay valid.
CREATE TABLE events_new (
    seq      INTEGER PRIMARY KEY AUTOINCREMENT,
    kind     TEXT    NOT NULL CHECK (kind IN ('publish', 'activate', 'delete', 'gate', 'draft')),
    skin     TEXT    NOT NULL,
    version  INTEGER,
    channel  TEXT,
    at       TEXT    NOT NULL
);
INSERT INTO events_new (seq, kind, skin, version, channel, at) SELECT seq, kind, skin, version, channel, at FROM events;
UPDATE sqlite_sequence SET seq = coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'events'), 0)
    WHERE name = 'events_new';
INSERT INTO sqlite_sequence (name, seq)
    SELECT 'events_new', coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'events'), 0)
    WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'events_new');
DROP TABLE events;
ALTER TABLE events_new RENAME TO events;
