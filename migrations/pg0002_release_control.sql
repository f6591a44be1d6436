-- Release control (SPEC §3.5) for PostgreSQL: m0002_release_control.sql in PostgreSQL's types.
-- Same columns, constraints and conventions as the SQLite file (read its comments). Applied
-- after pg0001_initial (issue 14's PostgreSQL schema) once that backend lists its migrations.
-- Flags stay integers (0/1), as in SQLite, so the queries bind the same values on both engines.

ALTER TABLE channels ADD COLUMN rollout_skin_id bigint REFERENCES skins(id) ON DELETE RESTRICT;
ALTER TABLE channels ADD COLUMN rollout_version bigint CHECK (rollout_version IS NULL OR rollout_version >= 1);
ALTER TABLE channels ADD COLUMN rollout_percent bigint CHECK (rollout_percent IS NULL OR rollout_percent BETWEEN 0 AND 100);
CREATE INDEX channels_by_rollout_skin ON channels(rollout_skin_id) WHERE rollout_skin_id IS NOT NULL;

ALTER TABLE channel_activations ADD COLUMN action text NOT NULL DEFAULT 'activate'
    CHECK (action IN ('activate', 'rollout', 'promote', 'abort', 'rollback'));
ALTER TABLE channel_activations ADD COLUMN rollout_skin text;
ALTER TABLE channel_activations ADD COLUMN rollout_version bigint;
ALTER TABLE channel_activations ADD COLUMN rollout_percent bigint;
ALTER TABLE channel_activations ADD COLUMN forced bigint NOT NULL DEFAULT 0;
ALTER TABLE channel_activations ADD COLUMN schedule_id bigint;

CREATE TABLE schedules (
    id               bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    channel          text    NOT NULL,
    at               text    NOT NULL CHECK (length(at) = 24),
    skin             text    NOT NULL,
    version          bigint  CHECK (version IS NULL OR version >= 1),
    rollout_skin     text,
    rollout_version  bigint  CHECK (rollout_version IS NULL OR rollout_version >= 1),
    rollout_percent  bigint  CHECK (rollout_percent IS NULL OR rollout_percent BETWEEN 0 AND 100),
    forced           bigint  NOT NULL DEFAULT 0,
    created_by       text    NOT NULL,
    created_at       text    NOT NULL,
    state            text    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'cancelled', 'failed')),
    carried_out_at   text,
    late             bigint  NOT NULL DEFAULT 0,
    outcome          text,
    CHECK ((rollout_skin IS NULL) = (rollout_percent IS NULL))
);
CREATE INDEX schedules_pending ON schedules(at) WHERE state = 'pending';
CREATE INDEX schedules_by_channel ON schedules(channel, id);
