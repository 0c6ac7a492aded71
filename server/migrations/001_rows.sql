-- The backend's records, one row per record of each collection (the domains' own shapes, as JSON).
-- Every change takes the next number of row_change_seq, so an instance catches up with what other
-- instances committed by reading the rows whose seq is past the last one it saw. A delete keeps a
-- tombstone (deleted, data null) for that reason.
CREATE SEQUENCE row_change_seq;

CREATE TABLE rows (
  collection text NOT NULL,
  id text NOT NULL,
  data jsonb,
  deleted boolean NOT NULL DEFAULT false,
  seq bigint NOT NULL,
  -- The organization a record belongs to (null for shared ones): the distribution column for Citus.
  organization_id text GENERATED ALWAYS AS (data ->> 'organizationId') STORED,
  PRIMARY KEY (collection, id)
);

CREATE INDEX rows_seq ON rows (seq);

-- Which seed the rows came from, and when it was stored completely.
CREATE TABLE meta (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);
