-- The requests to capture a unit's screen leave the JSON log (`rows`) for a table of their own
-- (server/db/capture-requests.ts): typed columns, a status from a CHECK with what each status carries, and the unit
-- and its organization foreign keys, so a unit's deletion takes its requests (before, they were left behind).
CREATE TABLE capture_requests (
  id text PRIMARY KEY,
  service_unit_id text NOT NULL,
  organization_id text NOT NULL,
  -- The captureScreenshot command the agent answers; null: none was sent (the unit was offline). No foreign key:
  -- finished commands are pruned before the requests they answered.
  command_id text,
  requested_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  -- The screenshot a delivered request brought (no foreign key: a screenshot may be deleted before its request).
  screenshot_id text,
  -- Why a failed request failed (unitOffline, unitGone, agentRevoked, or the agent's notSupported, refused, failed).
  failure_reason text,
  CONSTRAINT capture_requests_failed_with_reason CHECK ((status = 'failed') = (failure_reason IS NOT NULL)),
  CONSTRAINT capture_requests_delivered_with_screenshot CHECK (status <> 'delivered' OR screenshot_id IS NOT NULL)
);

-- Field for field, but for the requests of units (or organizations) deleted before (nothing could read them but by their id, and the
-- prune would have taken them within a day). A value the schema refuses (never written by the backend) is read as
-- the domain would: an unreadable instant as the epoch, a failed request without its reason as 'failed', a
-- delivered one without its screenshot as failed.
INSERT INTO capture_requests (
  id, service_unit_id, organization_id, command_id, requested_at, status, screenshot_id, failure_reason
)
SELECT
  r.id,
  u.id,
  o.id,
  r.data ->> 'commandId',
  CASE WHEN jsonb_typeof(r.data -> 'requestedAt') = 'number' AND abs((r.data ->> 'requestedAt')::numeric) < 8.64e15
    THEN to_timestamp((r.data ->> 'requestedAt')::numeric / 1000) ELSE 'epoch'::timestamptz END,
  s.status,
  r.data ->> 'screenshotId',
  CASE WHEN s.status = 'failed' THEN coalesce(r.data ->> 'failureReason', 'failed') END
FROM rows r
JOIN service_units u ON u.id = r.data ->> 'serviceUnitId'
JOIN organizations o ON o.id = r.data ->> 'organizationId'
CROSS JOIN LATERAL (
  SELECT CASE
    WHEN r.data ->> 'status' = 'delivered' AND r.data ->> 'screenshotId' IS NOT NULL THEN 'delivered'
    WHEN r.data ->> 'status' = 'pending' THEN 'pending'
    ELSE 'failed'
  END AS status
) s
WHERE r.collection = 'captureRequests' AND NOT r.deleted;

DELETE FROM rows WHERE collection = 'captureRequests';

-- The prune of the old ones, and a unit's when it goes (the foreign key).
CREATE INDEX capture_requests_by_age ON capture_requests (requested_at);
CREATE INDEX capture_requests_by_unit ON capture_requests (service_unit_id);

-- A request belongs to a unit of an organization, and goes with them: every request carried over has both. Checked at commit (a seed stores requests and units in one transaction, in any
-- order).
ALTER TABLE capture_requests ADD CONSTRAINT capture_requests_unit_fk
  FOREIGN KEY (service_unit_id) REFERENCES service_units (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE capture_requests ADD CONSTRAINT capture_requests_organization_fk
  FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED;
