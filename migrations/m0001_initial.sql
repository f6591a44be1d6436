-- Placeholder: the storage issue writes the real schema.
CREATE TABLE IF NOT EXISTS livery_placeholder (id INTEGER PRIMARY KEY);
