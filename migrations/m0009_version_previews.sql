-- Preview links to a published version (docs/api.md, "Preview links"): a change request that
-- makes versions live (a channel change or a promotion) is previewed through a link to the
-- version it would serve, as a draft's request is through a link to its draft. A link opens one
-- draft or one version of a skin, never both. SQLite cannot drop a NOT NULL in place, so the
-- table is rebuilt; nothing references it.
CREATE TABLE preview_links_new (
    token_hash  TEXT    PRIMARY KEY CHECK (length(token_hash) = 64),
    draft_id    TEXT    REFERENCES drafts(id) ON DELETE CASCADE,
    skin        TEXT,
    version     INTEGER CHECK (version >= 1),
    created_at  TEXT    NOT NULL,
    created_by  TEXT    NOT NULL,
    expires_at  TEXT    NOT NULL,
    revoked_at  TEXT,
    revoked_by  TEXT,
    CHECK ((draft_id IS NULL) <> (skin IS NULL) AND (skin IS NULL) = (version IS NULL))
);
INSERT INTO preview_links_new (token_hash, draft_id, created_at, created_by, expires_at, revoked_at, revoked_by)
    SELECT token_hash, draft_id, created_at, created_by, expires_at, revoked_at, revoked_by FROM preview_links;
DROP TABLE preview_links;
ALTER TABLE preview_links_new RENAME TO preview_links;
CREATE INDEX preview_links_by_draft ON preview_links (draft_id);
CREATE INDEX preview_links_by_version ON preview_links (skin, version);
