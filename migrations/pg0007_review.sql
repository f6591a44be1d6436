-- Review before a look goes live: m0007_review.sql in PostgreSQL's types (see there).

CREATE TABLE channel_policies (
    channel        text    PRIMARY KEY,
    approvals      bigint  NOT NULL CHECK (approvals BETWEEN 0 AND 10),
    self_approval  bigint  NOT NULL DEFAULT 0 CHECK (self_approval IN (0, 1)),
    updated_at     text    NOT NULL,
    updated_by     text    NOT NULL
);

CREATE TABLE change_requests (
    id                 bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    channel            text    NOT NULL,
    state              text    NOT NULL DEFAULT 'open'
                       CHECK (state IN ('open', 'approved', 'rejected', 'cancelled', 'applied')),
    author             text    NOT NULL,
    message            text    NOT NULL,
    skin               text    NOT NULL,
    source             text    NOT NULL CHECK (source IN ('change', 'promote', 'draft')),
    change             text,
    draft_id           text,
    promoted_from      text,
    at                 text    CHECK (at IS NULL OR length(at) = 24),
    created_at         text    NOT NULL,
    updated_at         text    NOT NULL,
    published_version  bigint,
    CHECK ((source = 'draft') = (draft_id IS NOT NULL)),
    CHECK ((source = 'draft') = (change IS NULL))
);
CREATE INDEX change_requests_by_channel ON change_requests (channel, id);
CREATE INDEX change_requests_by_draft ON change_requests (draft_id) WHERE draft_id IS NOT NULL;

CREATE TABLE change_request_actions (
    request_id      bigint  NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
    seq             bigint  NOT NULL,
    action          text    NOT NULL
                    CHECK (action IN ('open', 'approve', 'reject', 'apply', 'cancel', 'reset', 'schedule', 'lapse', 'fail')),
    actor           text    NOT NULL,
    at              text    NOT NULL,
    draft_revision  bigint,
    note            text,
    PRIMARY KEY (request_id, seq)
);

ALTER TABLE schedules ADD COLUMN change_request_id bigint;

ALTER TABLE events ADD COLUMN request_id bigint;
ALTER TABLE events ADD COLUMN action text;
ALTER TABLE events DROP CONSTRAINT events_kind_check;
ALTER TABLE events ADD CONSTRAINT events_kind_check CHECK (kind IN ('publish', 'activate', 'delete', 'gate', 'draft', 'review'));
