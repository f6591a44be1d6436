-- Build contracts and the compatibility gate for PostgreSQL: m0004_contracts.sql in
-- PostgreSQL's types. Same columns, constraints and conventions as the SQLite file (read its comments).

CREATE TABLE build_contracts (
    platform    text    NOT NULL CHECK (platform IN ('ios', 'android', 'web', 'macos', 'other')),
    major       bigint  NOT NULL CHECK (major >= 0),
    minor       bigint  NOT NULL CHECK (minor >= 0),
    patch       bigint  NOT NULL CHECK (patch >= 0),
    contract    text    NOT NULL,
    created_at  text    NOT NULL,
    updated_at  text    NOT NULL,
    updated_by  text    NOT NULL,
    PRIMARY KEY (platform, major, minor, patch)
);

ALTER TABLE schedules DROP CONSTRAINT schedules_state_check;
ALTER TABLE schedules ADD CONSTRAINT schedules_state_check
    CHECK (state IN ('pending', 'done', 'cancelled', 'failed', 'blocked'));

ALTER TABLE channels ADD COLUMN held_back text;
ALTER TABLE channels ADD COLUMN served_version bigint CHECK (served_version IS NULL OR served_version >= 1);
