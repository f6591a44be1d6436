-- Holds on what a live build is served, for PostgreSQL: m0005_served_holds.sql in PostgreSQL's
-- types. Same columns, constraints and conventions as the SQLite file (read its comments).

CREATE TABLE served_holds (
    channel_id    bigint  NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    target        text    NOT NULL,
    audience      text    NOT NULL,
    look          text    NOT NULL,
    held_skin     text    NOT NULL,
    held_version  bigint  NOT NULL CHECK (held_version >= 1),
    reasons       text    NOT NULL,
    created_at    text    NOT NULL,
    PRIMARY KEY (channel_id, target, audience)
);

INSERT INTO served_holds (channel_id, target, audience, look, held_skin, held_version, reasons, created_at)
SELECT c.id, s.name || '@latest', '*', s.name || '@' || c.served_version, s.name,
       coalesce((c.held_back::jsonb ->> 'version')::bigint, c.served_version + 1),
       coalesce((c.held_back::jsonb -> 'reasons')::text, '[]'), c.updated_at
FROM channels c JOIN skins s ON s.id = c.skin_id
WHERE c.held_back IS NOT NULL AND c.served_version IS NOT NULL AND c.version IS NULL;
UPDATE channels SET held_back = NULL, served_version = NULL;

ALTER TABLE channel_activations ADD COLUMN served_version bigint;
ALTER TABLE channel_activations ADD COLUMN rollout_served_version bigint;

ALTER TABLE events DROP CONSTRAINT events_kind_check;
ALTER TABLE events ADD CONSTRAINT events_kind_check CHECK (kind IN ('publish', 'activate', 'delete', 'gate'));
