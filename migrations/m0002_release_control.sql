-- Release control (SPEC §3.5): rollouts, schedules, and a full history of channel changes.
-- Same conventions as m0001 (timestamps are fixed-width ISO 8601 text written by the store;
-- history keeps names as text).

-- A channel's running rollout: buckets 0 … rollout_percent-1 get this target instead of the
-- active one. All three NULL when no rollout runs. rollout_version NULL follows the latest.
-- The skin reference makes the database refuse to delete a skin a rollout shows.
ALTER TABLE channels ADD COLUMN rollout_skin_id INTEGER REFERENCES skins(id) ON DELETE RESTRICT;
ALTER TABLE channels ADD COLUMN rollout_version INTEGER CHECK (rollout_version IS NULL OR rollout_version >= 1);
ALTER TABLE channels ADD COLUMN rollout_percent INTEGER CHECK (rollout_percent IS NULL OR rollout_percent BETWEEN 0 AND 100);
CREATE INDEX channels_by_rollout_skin ON channels(rollout_skin_id) WHERE rollout_skin_id IS NOT NULL;

-- Every history entry records the channel's whole state after the change, so a rollback to
-- entry n restores exactly what entry n made. `action` says what kind of change it was.
ALTER TABLE channel_activations ADD COLUMN action TEXT NOT NULL DEFAULT 'activate'
    CHECK (action IN ('activate', 'rollout', 'promote', 'abort', 'rollback'));
ALTER TABLE channel_activations ADD COLUMN rollout_skin TEXT;
ALTER TABLE channel_activations ADD COLUMN rollout_version INTEGER;
ALTER TABLE channel_activations ADD COLUMN rollout_percent INTEGER;
-- 1 when an admin activated past failing contrast checks.
ALTER TABLE channel_activations ADD COLUMN forced INTEGER NOT NULL DEFAULT 0;
-- The schedule that made this change, if any.
ALTER TABLE channel_activations ADD COLUMN schedule_id INTEGER;

-- Future channel changes: a deferred PUT /v1/channels/{c}. Carried out once, inside a write
-- transaction that first re-reads `state`, so of several processes sharing the file exactly
-- one does it. `late` is 1 when it ran more than a second after `at` (no process was running).
CREATE TABLE schedules (
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
    state            TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'cancelled', 'failed')),
    carried_out_at   TEXT,
    late             INTEGER NOT NULL DEFAULT 0,
    outcome          TEXT,
    CHECK ((rollout_skin IS NULL) = (rollout_percent IS NULL))
);
CREATE INDEX schedules_pending ON schedules(at) WHERE state = 'pending';
CREATE INDEX schedules_by_channel ON schedules(channel, id);
