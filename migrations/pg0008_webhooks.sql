-- Webhooks: m0008_webhooks.sql in PostgreSQL's types (see there).

CREATE TABLE webhooks (
    id          bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    url         text    NOT NULL,
    events      text    NOT NULL,
    secret      text    NOT NULL,
    created_by  text    NOT NULL,
    created_at  text    NOT NULL,
    deleted     bigint  NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1))
);

CREATE TABLE webhook_deliveries (
    id               bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    webhook_id       bigint  NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
    event_seq        bigint  NOT NULL,
    kind             text    NOT NULL,
    state            text    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
    attempts         bigint  NOT NULL DEFAULT 0,
    next_attempt_at  text    NOT NULL,
    claimed_by       text,
    claimed_until    text,
    created_at       text    NOT NULL,
    finished_at      text
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, id);

CREATE TABLE webhook_attempts (
    delivery_id   bigint  NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
    n             bigint  NOT NULL,
    at            text    NOT NULL,
    status        bigint,
    error         text,
    milliseconds  bigint  NOT NULL,
    PRIMARY KEY (delivery_id, n)
);
