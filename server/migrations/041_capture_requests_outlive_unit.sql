-- A capture request outlives its unit and organization, as the embedded backend keeps it: the screen polling a
-- request whose unit was deleted is answered failed, `unitGone` (api/services/screenshots.ts), not 404. The
-- history prune (pruneHistory, api/services/unit-status.ts) still takes every request within a day.
ALTER TABLE capture_requests DROP CONSTRAINT capture_requests_unit_fk;
ALTER TABLE capture_requests DROP CONSTRAINT capture_requests_organization_fk;
-- It served the unit's cascade only.
DROP INDEX capture_requests_by_unit;
