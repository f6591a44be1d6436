-- The builds in the field (docs/apps.md, "Old builds in the field"): per-build targets of a
-- channel, and the app builds seen asking for looks. Same conventions as m0001/m0002.

-- A channel's per-build targets, first match wins: one line per entry,
-- `platform TAB versions TAB skin TAB version` (version empty = follow the latest); NULL or ''
-- for none. History entries keep the whole state, so a rollback restores them too.
ALTER TABLE channels ADD COLUMN builds TEXT;
ALTER TABLE channel_activations ADD COLUMN builds TEXT;

-- Each build seen, per channel it asked on ('' for the /v1/skins routes). Written by the
-- server at most once a minute per build from counts kept in memory, never on a request's path.
CREATE TABLE client_builds (
    platform    TEXT NOT NULL CHECK (platform IN ('ios', 'android', 'web', 'macos', 'other')),
    version     TEXT NOT NULL,
    channel     TEXT NOT NULL,
    first_seen  TEXT NOT NULL,
    last_seen   TEXT NOT NULL,
    PRIMARY KEY (platform, version, channel)
);
CREATE INDEX client_builds_by_channel ON client_builds(channel, last_seen);

-- Request counts per build, channel and hour (`2026-11-29T13`, UTC): the 24-hour and 30-day
-- figures of GET /v1/clients are sums of these. Hours older than the live window are pruned.
CREATE TABLE client_requests (
    platform  TEXT    NOT NULL,
    version   TEXT    NOT NULL,
    channel   TEXT    NOT NULL,
    hour      TEXT    NOT NULL CHECK (length(hour) = 13),
    requests  INTEGER NOT NULL CHECK (requests >= 0),
    PRIMARY KEY (platform, version, channel, hour)
);
CREATE INDEX client_requests_by_hour ON client_requests(hour);
