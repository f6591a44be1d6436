-- Webhooks (docs/api.md, "Webhooks"): HTTP endpoints told of changes, from a durable outbox.
-- Same conventions as m0001.

-- A registered endpoint. `events` is `*` or a comma-separated list of the change feed's kinds;
-- `secret` signs each delivery (HMAC-SHA256), so it is kept as given: it is the receiver's
-- secret as much as Livery's, and never shown again after registration.
CREATE TABLE webhooks (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    url         TEXT    NOT NULL,
    events      TEXT    NOT NULL,
    secret      TEXT    NOT NULL,
    created_by  TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    deleted     INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1))
);

-- The outbox: one row per event and webhook, written in the transaction of the change it tells
-- of, so nothing committed is ever left untold. The body is the event as the change feed shows
-- it, rendered from `events` when sent (the same bytes at every attempt). A process claims due rows (`claimed_by`,
-- `claimed_until`) before sending, so each is sent by one process of the group at a time.
CREATE TABLE webhook_deliveries (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    webhook_id       INTEGER NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
    event_seq        INTEGER NOT NULL,
    kind             TEXT    NOT NULL,
    state            TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
    attempts         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  TEXT    NOT NULL,
    claimed_by       TEXT,
    claimed_until    TEXT,
    created_at       TEXT    NOT NULL,
    finished_at      TEXT
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, id);

-- Each attempt: when, the receiver's status (null when no answer came) or what went wrong.
CREATE TABLE webhook_attempts (
    delivery_id   INTEGER NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
    n             INTEGER NOT NULL,
    at            TEXT    NOT NULL,
    status        INTEGER,
    error         TEXT,
    milliseconds  INTEGER NOT NULL,
    PRIMARY KEY (delivery_id, n)
);
