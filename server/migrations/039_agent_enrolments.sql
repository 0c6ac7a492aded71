-- The agents' enrolment tokens and the simulated agents' secret leave the JSON log (`rows`) for tables of their
-- own (server/db/agent-enrolments.ts, agent-secrets.ts): typed columns, a token's hash unique, the organization a
-- foreign key (its deletion takes its tokens), and the unit an enrolment made one that exists.
CREATE TABLE agent_enrolments (
  id text PRIMARY KEY,
  -- The token's SHA-256 (hex): the token itself is shown once and never stored.
  token_hash text NOT NULL,
  organization_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  -- The account that made it, as the audit log names it: a token outlives its maker (no foreign key).
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  -- When an agent enrolled with it (null: never), and the unit that enrolment made.
  used_at timestamptz,
  unit_id text,
  CONSTRAINT agent_enrolments_token_unique UNIQUE (token_hash),
  CONSTRAINT agent_enrolments_unit_when_used CHECK (unit_id IS NULL OR used_at IS NOT NULL)
);

-- Field for field. A hash another enrolment already had (none was ever made: the tokens are 256 random bits)
-- stays with the first by id, the one a claim found. A value the schema refuses (never written by the backend)
-- is read as the domain would: an unreadable expiry as expired, an unreadable creation as the epoch, an
-- unreadable use as used (at the epoch).
INSERT INTO agent_enrolments (
  id, token_hash, organization_id, expires_at, created_by, created_at, used_at, unit_id
)
SELECT DISTINCT ON (r.data ->> 'tokenHash')
  r.id,
  r.data ->> 'tokenHash',
  coalesce(r.data ->> 'organizationId', ''),
  coalesce(CASE WHEN r.data ->> 'expiresAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'expiresAt')::timestamptz END, 'epoch'::timestamptz),
  coalesce(r.data ->> 'createdBy', ''),
  coalesce(CASE WHEN r.data ->> 'createdAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'createdAt')::timestamptz END, 'epoch'::timestamptz),
  CASE
    WHEN r.data ->> 'usedAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'usedAt')::timestamptz
    WHEN r.data ->> 'usedAt' IS NOT NULL OR r.data ->> 'unitId' IS NOT NULL THEN 'epoch'::timestamptz
  END,
  r.data ->> 'unitId'
FROM rows r
WHERE r.collection = 'agentEnrolments' AND NOT r.deleted AND r.data ->> 'tokenHash' IS NOT NULL
ORDER BY r.data ->> 'tokenHash', r.id COLLATE "C";

DROP INDEX rows_agent_enrolment_by_hash;
DELETE FROM rows WHERE collection = 'agentEnrolments';

-- An enrolment belongs to an organization, and goes with it; the unit it made is forgotten when the unit goes
-- (the token stays used). Checked at commit; NOT VALID: enrolments a database stored before keep their rows
-- whatever they name, every one written since is checked.
ALTER TABLE agent_enrolments ADD CONSTRAINT agent_enrolments_organization_fk
  FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED NOT VALID;
ALTER TABLE agent_enrolments ADD CONSTRAINT agent_enrolments_unit_fk
  FOREIGN KEY (unit_id) REFERENCES service_units (id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED NOT VALID;
-- The foreign key's lookups when a unit goes.
CREATE INDEX agent_enrolments_by_unit ON agent_enrolments (unit_id) WHERE unit_id IS NOT NULL;

-- This database's one secret for the simulated agents' credentials (core/agent-secrets.ts): made once, never changed.
CREATE TABLE agent_secrets (
  id text PRIMARY KEY CHECK (id = '1'),
  simulated_secret text NOT NULL CHECK (simulated_secret <> '')
);

INSERT INTO agent_secrets (id, simulated_secret)
SELECT r.id, r.data ->> 'simulatedSecret'
FROM rows r
WHERE r.collection = 'agentSecrets' AND NOT r.deleted AND r.id = '1' AND coalesce(r.data ->> 'simulatedSecret', '') <> '';

DELETE FROM rows WHERE collection = 'agentSecrets';
