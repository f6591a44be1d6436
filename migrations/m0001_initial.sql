-- Livery's initial schema (SPEC §4).
--
-- Conventions:
--   * Timestamps are ISO 8601 UTC text with milliseconds, always 24 characters
--     ("2025-06-01T12:34:56.789Z"), written by the store (one value per transaction, so a
--     version, its audit row and its event share one instant). Fixed width means they sort
--     and compare correctly as text, and they read well in the sqlite3 shell.
--   * Names (skins, channels, tokens) are TEXT; the server validates their syntax.
--   * History tables (channel_activations, audit_log, events) keep names as text, not
--     foreign keys, so they outlive what they describe.
--   * Migrations never contain BEGIN/COMMIT: the migrator runs each file in its own transaction.

-- A skin is a name under which immutable versions are published.
-- Deleting a skin is a real DELETE (its versions go with it, ON DELETE CASCADE); the audit log
-- and the event feed keep the record. The store refuses the delete while anything refers to it.
CREATE TABLE skins (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL UNIQUE,
    created_at  TEXT    NOT NULL,
    created_by  TEXT    NOT NULL
);

-- Versions are numbered per skin from 1 without gaps: the number is max(number) + 1 computed
-- inside the publishing BEGIN IMMEDIATE transaction, and UNIQUE(skin_id, number) is the backstop.
-- The document is kept byte for byte as published. `parent` is `$livery.extends` as declared
-- ("base" or "base@3"); `parent_skin` / `parent_version` are the same text split so lineage
-- and referrer queries need neither JSON nor string parsing.
CREATE TABLE versions (
    id              INTEGER PRIMARY KEY,
    skin_id         INTEGER NOT NULL REFERENCES skins(id) ON DELETE CASCADE,
    number          INTEGER NOT NULL CHECK (number >= 1),
    document        BLOB    NOT NULL,
    sha256          TEXT    NOT NULL CHECK (length(sha256) = 64),
    parent          TEXT,
    parent_skin     TEXT,
    parent_version  INTEGER,
    author          TEXT    NOT NULL,
    message         TEXT,
    created_at      TEXT    NOT NULL,
    UNIQUE (skin_id, number),
    CHECK ((parent IS NULL) = (parent_skin IS NULL))
);
CREATE INDEX versions_by_parent_skin ON versions(parent_skin) WHERE parent_skin IS NOT NULL;

-- Versions are immutable: the database itself refuses an UPDATE.
CREATE TRIGGER versions_are_immutable BEFORE UPDATE ON versions
BEGIN
    SELECT RAISE(ABORT, 'versions are immutable');
END;

-- A channel names what clients of that channel get: a skin, pinned to a version or (version
-- NULL) following its latest. activation_count is the channel's ETag ("a{n}") for If-Match.
-- The foreign keys make the database refuse to delete a skin or version a channel uses.
CREATE TABLE channels (
    id                INTEGER PRIMARY KEY,
    name              TEXT    NOT NULL UNIQUE,
    skin_id           INTEGER NOT NULL REFERENCES skins(id) ON DELETE RESTRICT,
    version           INTEGER CHECK (version IS NULL OR version >= 1),
    activation_count  INTEGER NOT NULL CHECK (activation_count >= 1),
    created_at        TEXT    NOT NULL,
    updated_at        TEXT    NOT NULL,
    FOREIGN KEY (skin_id, version) REFERENCES versions(skin_id, number) ON DELETE RESTRICT
);
CREATE INDEX channels_by_skin ON channels(skin_id);

-- Every activation of a channel, oldest first by id.
CREATE TABLE channel_activations (
    id          INTEGER PRIMARY KEY,
    channel_id  INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    skin        TEXT    NOT NULL,
    version     INTEGER,
    actor       TEXT    NOT NULL,
    at          TEXT    NOT NULL
);
CREATE INDEX channel_activations_by_channel ON channel_activations(channel_id, id);

-- Content-addressed assets (images). A rowid table on purpose: WITHOUT ROWID suits small rows,
-- not multi-kilobyte blobs.
CREATE TABLE assets (
    sha256        TEXT    NOT NULL PRIMARY KEY CHECK (length(sha256) = 64),
    content_type  TEXT    NOT NULL,
    size          INTEGER NOT NULL CHECK (size >= 0),
    bytes         BLOB    NOT NULL,
    created_at    TEXT    NOT NULL
);

-- API tokens, stored only as the SHA-256 of the secret (hex). hash_prefix (the first 16 hex
-- digits) is the lookup key; the full hash is then compared in constant time in Swift.
-- Names are unique for ever, revoked ones included, so the audit log's actor names stay unambiguous.
CREATE TABLE api_tokens (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL UNIQUE,
    role          TEXT    NOT NULL CHECK (role IN ('reader', 'designer', 'admin')),
    token_hash    TEXT    NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    hash_prefix   TEXT    NOT NULL CHECK (length(hash_prefix) = 16),
    created_at    TEXT    NOT NULL,
    revoked_at    TEXT,
    last_used_at  TEXT
);
CREATE INDEX api_tokens_by_prefix ON api_tokens(hash_prefix) WHERE revoked_at IS NULL;

-- Who did what when. Written in the same transaction as the change it records.
-- AUTOINCREMENT: a seq is never reused, even if old rows are pruned.
CREATE TABLE audit_log (
    seq     INTEGER PRIMARY KEY AUTOINCREMENT,
    at      TEXT    NOT NULL,
    actor   TEXT    NOT NULL,
    action  TEXT    NOT NULL,
    target  TEXT    NOT NULL,
    detail  TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(detail))
);

-- The change sequence that every process polls (SPEC §6) and GET /v1/events serves.
-- AUTOINCREMENT so that `after={seq}` cursors stay valid if old events are pruned.
CREATE TABLE events (
    seq      INTEGER PRIMARY KEY AUTOINCREMENT,
    kind     TEXT    NOT NULL CHECK (kind IN ('publish', 'activate', 'delete')),
    skin     TEXT    NOT NULL,
    version  INTEGER,
    channel  TEXT,
    at       TEXT    NOT NULL
);
