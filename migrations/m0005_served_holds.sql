-- What a live build is served is gated, whatever changes it (docs/apps.md, "Old builds in the
-- field"; docs/skins.md, the contrast gate). Same conventions as m0001.

-- A hold keeps the audience of one of a channel's targets on a look it was served, because a
-- newer look failed the release gate for it. `target` is how the channel's state names the
-- target (`shop@latest`, `child@7`); `audience` is `*` (everyone reaching that target: a
-- contrast failure) or one build (`ios/3.2.1`: its contract). `look` pins every version of
-- the lineage served meanwhile, root first (`base@3>shop@7`), so a child extending its
-- parent's latest keeps its parent too. `held_skin`/`held_version` is the version held back,
-- `reasons` a JSON array of strings. A build's hold wins over the `*` hold of the same target.
CREATE TABLE served_holds (
    channel_id    INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    target        TEXT    NOT NULL,
    audience      TEXT    NOT NULL,
    look          TEXT    NOT NULL,
    held_skin     TEXT    NOT NULL,
    held_version  INTEGER NOT NULL CHECK (held_version >= 1),
    reasons       TEXT    NOT NULL,
    created_at    TEXT    NOT NULL,
    PRIMARY KEY (channel_id, target, audience)
);

-- A follower held back by the contrast gate before holds existed becomes the `*` hold of its
-- active target; the two old columns are no longer read.
INSERT INTO served_holds (channel_id, target, audience, look, held_skin, held_version, reasons, created_at)
SELECT c.id, s.name || '@latest', '*', s.name || '@' || c.served_version, s.name,
       coalesce(json_extract(c.held_back, '$.version'), c.served_version + 1),
       coalesce(json_extract(c.held_back, '$.reasons'), '[]'), c.updated_at
FROM channels c JOIN skins s ON s.id = c.skin_id
WHERE c.held_back IS NOT NULL AND c.served_version IS NOT NULL AND c.version IS NULL;
UPDATE channels SET held_back = NULL, served_version = NULL;

-- History records what was served, not only what was named: for a target following the
-- latest, the version it resolved to when the entry was made, so a rollback restores exactly
-- that look (docs/api.md, "Rollouts, schedules and rollback").
ALTER TABLE channel_activations ADD COLUMN served_version INTEGER;
ALTER TABLE channel_activations ADD COLUMN rollout_served_version INTEGER;

-- The change feed says when the release gate decides what a channel serves of a new version:
-- kind `gate` (channel, skin, version; the channel's holds say who is kept on what). SQLite cannot change a CHECK constraint in place: the table is rebuilt with
-- the same rows, and its AUTOINCREMENT counter carried over so `after=` cursors stay valid.
CREATE TABLE events_new (
    seq      INTEGER PRIMARY KEY AUTOINCREMENT,
    kind     TEXT    NOT NULL CHECK (kind IN ('publish', 'activate', 'delete', 'gate')),
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
