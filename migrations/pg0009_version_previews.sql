-- Preview links to a published version: see m0009. A link opens one draft or one version of a
-- skin, never both.
ALTER TABLE preview_links ALTER COLUMN draft_id DROP NOT NULL;
ALTER TABLE preview_links ADD COLUMN skin text;
ALTER TABLE preview_links ADD COLUMN version integer CHECK (version >= 1);
ALTER TABLE preview_links ADD CONSTRAINT preview_links_opens_one
    CHECK ((draft_id IS NULL) <> (skin IS NULL) AND (skin IS NULL) = (version IS NULL));
CREATE INDEX preview_links_by_version ON preview_links (skin, version);
