-- Livery's initial schema for PostgreSQL (SPEC §4, §6): m0001_initial.sql in PostgreSQL's types.
-- Same tables, columns, constraints and conventions as the SQLite schema (read its comments);
-- only what differs is noted here. Migrations never contain BEGIN/COMMIT.
--
--   * Ids are identity columns (bigint); the store reads them back with RETURNING.
--   * Documents and assets are bytea, kept byte for byte.
--   * Timestamps stay fixed-width ISO 8601 text, written by the store, so both backends return
--     exactly the same strings.
--   * Writes are serialized by a transaction-scoped advisory lock taken by the store (see
--     PostgresConnection), which is what makes `max(number) + 1` gap-free and makes event seqs
--     commit in increasing order; the UNIQUE constraints remain the backstop.

CREATE TABLE skins (
    id          bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        text    NOT NULL UNIQUE,
    created_at  text    NOT NULL,
    created_by  text    NOT NULL
);

CREATE TABLE versions (
    id              bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    skin_id         bigint  NOT NULL REFERENCES skins(id) ON DELETE CASCADE,
    number          bigint  NOT NULL CHECK (number >= 1),
    document        bytea   NOT NULL,
    sha256          text    NOT NULL CHECK (length(sha256) = 64),
    parent          text,
    parent_skin     text,
    parent_version  bigint,
    author          text    NOT NULL,
    message         text,
    created_at      text    NOT NULL,
    UNIQUE (skin_id, number),
    CHECK ((parent IS NULL) = (parent_skin IS NULL))
);
CREATE INDEX versions_by_parent_skin ON versions(parent_skin) WHERE parent_skin IS NOT NULL;

-- Versions are immutable: the database itself refuses an UPDATE.
CREATE FUNCTION livery_refuse_version_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'versions are immutable';
END
$$;
CREATE TRIGGER versions_are_immutable BEFORE UPDATE ON versions
    FOR EACH ROW EXECUTE FUNCTION livery_refuse_version_update();

CREATE TABLE channels (
    id                bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name              text    NOT NULL UNIQUE,
    skin_id           bigint  NOT NULL REFERENCES skins(id) ON DELETE RESTRICT,
    version           bigint  CHECK (version IS NULL OR version >= 1),
    activation_count  bigint  NOT NULL CHECK (activation_count >= 1),
    created_at        text    NOT NULL,
    updated_at        text    NOT NULL,
    FOREIGN KEY (skin_id, version) REFERENCES versions(skin_id, number) ON DELETE RESTRICT
);
CREATE INDEX channels_by_skin ON channels(skin_id);

CREATE TABLE channel_activations (
    id          bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    channel_id  bigint  NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    skin        text    NOT NULL,
    version     bigint,
    actor       text    NOT NULL,
    at          text    NOT NULL
);
CREATE INDEX channel_activations_by_channel ON channel_activations(channel_id, id);

-- Content-addressed assets, in the database like SQLite's: one backup holds everything, a
-- publish and the assets it references share one consistency point, and every process on
-- every machine sees the same bytes without a shared file system.
CREATE TABLE assets (
    sha256        text    NOT NULL PRIMARY KEY CHECK (length(sha256) = 64),
    content_type  text    NOT NULL,
    size          bigint  NOT NULL CHECK (size >= 0),
    bytes         bytea   NOT NULL,
    created_at    text    NOT NULL
);

CREATE TABLE api_tokens (
    id            bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name          text    NOT NULL UNIQUE,
    role          text    NOT NULL CHECK (role IN ('reader', 'designer', 'admin')),
    token_hash    text    NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    hash_prefix   text    NOT NULL CHECK (length(hash_prefix) = 16),
    created_at    text    NOT NULL,
    revoked_at    text,
    last_used_at  text
);
CREATE INDEX api_tokens_by_prefix ON api_tokens(hash_prefix) WHERE revoked_at IS NULL;

CREATE TABLE audit_log (
    seq     bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at      text    NOT NULL,
    actor   text    NOT NULL,
    action  text    NOT NULL,
    target  text    NOT NULL,
    detail  text    NOT NULL DEFAULT '{}' CHECK (detail::jsonb IS NOT NULL)
);

CREATE TABLE events (
    seq      bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind     text    NOT NULL CHECK (kind IN ('publish', 'activate', 'delete')),
    skin     text    NOT NULL,
    version  bigint,
    channel  text,
    at       text    NOT NULL
);

-- Every event wakes the change monitors of every process (LISTEN livery_events), at commit:
-- PostgreSQL delivers a notification only when its transaction commits, and never one of a
-- transaction that rolled back. The payload is the seq; monitors read the rows themselves
-- (after `seq > last seen`), so a lost or merged notification costs nothing.
CREATE FUNCTION livery_notify_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('livery_events', NEW.seq::text);
    RETURN NULL;
END
$$;
CREATE TRIGGER events_notify AFTER INSERT ON events
    FOR EACH ROW EXECUTE FUNCTION livery_notify_event();
