-- Build contracts and the compatibility gate (docs/apps.md, "Old builds in the field").
-- Same conventions as m0001 (timestamps are fixed-width ISO 8601 text written by the store).

-- What one app build reads: its contract as canonical JSON ({"tokens", "styles", "images"}).
-- A build is PLATFORM/MAJOR.MINOR.PATCH; the numbers are kept apart so listings sort as versions.
CREATE TABLE build_contracts (
    platform    TEXT    NOT NULL CHECK (platform IN ('ios', 'android', 'web', 'macos', 'other')),
    major       INTEGER NOT NULL CHECK (major >= 0),
    minor       INTEGER NOT NULL CHECK (minor >= 0),
    patch       INTEGER NOT NULL CHECK (patch >= 0),
    contract    TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    updated_by  TEXT    NOT NULL,
    PRIMARY KEY (platform, major, minor, patch)
);

-- A schedule that could not run because its look became incompatible with a live build, or
-- failed its contrast pairs, by the time it was due: `blocked` (its outcome says why).
-- SQLite cannot change a CHECK constraint in place: the table is rebuilt with the same rows.
CREATE TABLE schedules_new (
    id               INTEGER PRIMARY KEY,
    channel          TEXT    NOT NULL,
    at               TEXT    NOT NULL CHECK (length(at) = 24),
    skin             TEXT    NOT NULL,
    version          INTEGER CHECK (version IS NULL OR version >= 1),
    rollout_skin     TEXT,
    rollout_version  INTEGER CHECK (rollout_version IS NULL OR rollout_version >= 1),
    rollout_percent  INTEGER CHECK (rollout_percent IS NULL OR rollout_percent BETWEEN 0 AND 100),
    forced           INTEGER NOT NULL DEFAULT 0,
    created_by       TEXT    NOT NULL,
    created_at       TEXT    NOT NULL,
    state            TEXT    NOT NULL DEFAULT 'pending'
                     CHECK (state IN ('pending', 'done', 'cancelled', 'failed', 'blocked')),
    carried_out_at   TEXT,
    late             INTEGER NOT NULL DEFAULT 0,
    outcome          TEXT,
    CHECK ((rollout_skin IS NULL) = (rollout_percent IS NULL))
);
INSERT INTO schedules_new SELECT id, channel, at, skin, version, rollout_skin, rollout_version, rollout_percent, forced,
    created_by, created_at, state, carried_out_at, late, outcome FROM schedules;
DROP TABLE schedules;
ALTER TABLE schedules_new RENAME TO schedules;
CREATE INDEX schedules_pending ON schedules(at) WHERE state = 'pending';
CREATE INDEX schedules_by_channel ON schedules(channel, id);

-- A channel that follows a latest version and was held back (docs/skins.md, the contrast
-- gate): `held_back` is {"skin", "version", "reasons"} as JSON, NULL when nothing is held;
-- `served_version` the version it keeps serving meanwhile (the last one that passed). Any
-- change of the channel (activation, rollout, rollback, a forced follow) clears both.
ALTER TABLE channels ADD COLUMN held_back TEXT;
ALTER TABLE channels ADD COLUMN served_version INTEGER CHECK (served_version IS NULL OR served_version >= 1);
