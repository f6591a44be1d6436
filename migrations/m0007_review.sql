-- Review before a look goes live (docs/api.md, "Change requests"): channel policies, change
-- requests with their approvals and history, and schedules that carry out an approved request.
-- Same conventions as m0001.

-- A channel's review policy: with `approvals` >= 1, direct changes to the channel are refused
-- and a change request needs that many approvals by people other than its author (unless
-- `self_approval`). A channel without a row has no policy.
CREATE TABLE channel_policies (
    channel        TEXT    PRIMARY KEY,
    approvals      INTEGER NOT NULL CHECK (approvals BETWEEN 0 AND 10),
    self_approval  INTEGER NOT NULL DEFAULT 0 CHECK (self_approval IN (0, 1)),
    updated_at     TEXT    NOT NULL,
    updated_by     TEXT    NOT NULL
);

-- One row per change request, `skin` the one it changes. `source` says what it carries out: `change` (a channel PUT or
-- schedule body, kept as canonical JSON in `change`, its `at` copied out), `promote` (the
-- target another channel served when the request was opened, versions pinned, kept as a change
-- body too) or `draft` (publish the draft's approved revision, then activate it).
CREATE TABLE change_requests (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    channel            TEXT    NOT NULL,
    state              TEXT    NOT NULL DEFAULT 'open'
                       CHECK (state IN ('open', 'approved', 'rejected', 'cancelled', 'applied')),
    author             TEXT    NOT NULL,
    message            TEXT    NOT NULL,
    skin               TEXT    NOT NULL,
    source             TEXT    NOT NULL CHECK (source IN ('change', 'promote', 'draft')),
    change             TEXT,
    draft_id           TEXT,
    promoted_from      TEXT,
    at                 TEXT    CHECK (at IS NULL OR length(at) = 24),
    created_at         TEXT    NOT NULL,
    updated_at         TEXT    NOT NULL,
    published_version  INTEGER,
    CHECK ((source = 'draft') = (draft_id IS NOT NULL)),
    CHECK ((source = 'draft') = (change IS NULL))
);
CREATE INDEX change_requests_by_channel ON change_requests (channel, id);
CREATE INDEX change_requests_by_draft ON change_requests (draft_id) WHERE draft_id IS NOT NULL;

-- Who did what to a request, in order: its history. An `approve` of a draft request records the
-- draft revision it approved; only approvals of the draft's current revision count.
CREATE TABLE change_request_actions (
    request_id      INTEGER NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
    seq             INTEGER NOT NULL,
    action          TEXT    NOT NULL
                    CHECK (action IN ('open', 'approve', 'reject', 'apply', 'cancel', 'reset', 'schedule', 'lapse', 'fail')),
    actor           TEXT    NOT NULL,
    at              TEXT    NOT NULL,
    draft_revision  INTEGER,
    note            TEXT,
    PRIMARY KEY (request_id, seq)
);

-- An approved request with an `at` is carried out by a schedule like any other, gated when due.
ALTER TABLE schedules ADD COLUMN change_request_id INTEGER;

-- The change feed carries each step of a request (kind `review`: the channel, the request's
-- skin, and `request_id` and `action`). SQLite cannot change a CHECK constraint in place: the
-- table is rebuilt as in m0006, its AUTOINCREMENT counter carried over so `after=` cursors stay valid.
CREATE TABLE events_new (
    seq         INTEGER PRIMARY KEY AUTOINCREMENT,
    kind        TEXT    NOT NULL CHECK (kind IN ('publish', 'activate', 'delete', 'gate', 'draft', 'review')),
    skin        TEXT    NOT NULL,
    version     INTEGER,
    channel     TEXT,
    at          TEXT    NOT NULL,
    request_id  INTEGER,
    action      TEXT
);
INSERT INTO events_new (seq, kind, skin, version, channel, at) SELECT seq, kind, skin, version, channel, at FROM events;
UPDATE sqlite_sequence SET seq = coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'events'), 0)
    WHERE name = 'events_new';
INSERT INTO sqlite_sequence (name, seq)
    SELECT 'events_new', coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'events'), 0)
    WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'events_new');
DROP TABLE events;
ALTER TABLE events_new RENAME TO events;
