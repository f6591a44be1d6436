-- The builds in the field for PostgreSQL: m0003_fleet.sql in PostgreSQL's types. Same columns,
-- constraints and conventions as the SQLite file (read its comments).

ALTER TABLE channels ADD COLUMN builds text;
ALTER TABLE channel_activations ADD COLUMN builds text;

CREATE TABLE client_builds (
    platform    text NOT NULL CHECK (platform IN ('ios', 'android', 'web', 'macos', 'other')),
    version     text NOT NULL,
    channel     text NOT NULL,
    first_seen  text NOT NULL,
    last_seen   text NOT NULL,
    PRIMARY KEY (platform, version, channel)
);
CREATE INDEX client_builds_by_channel ON client_builds(channel, last_seen);

CREATE TABLE client_requests (
    platform  text   NOT NULL,
    version   text   NOT NULL,
    channel   text   NOT NULL,
    hour      text   NOT NULL CHECK (length(hour) = 13),
    requests  bigint NOT NULL CHECK (requests >= 0),
    PRIMARY KEY (platform, version, channel, hour)
);
CREATE INDEX client_requests_by_hour ON client_requests(hour);
