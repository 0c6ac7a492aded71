-- The service units live in PostgreSQL only (server/db/units.ts): a name's duplicate check looks up one
-- organization's units by lower-cased name (unit_list's search[1], core's own lower-casing), the status
-- sweep every few seconds the units whose online window ended, and the simulated agents their units.
CREATE INDEX unit_list_by_organization_lower_name ON unit_list (organization_id, (search[1]));
-- The sweep reads the units not announced offline (a few hundred), not every one whose window ended.
CREATE INDEX rows_unit_announced ON rows (id) WHERE collection = 'serviceUnits' AND (data ->> 'announcedStatus') IS DISTINCT FROM 'offline';
CREATE INDEX rows_unit_simulated_agent ON rows (id) WHERE collection = 'serviceUnits' AND data -> 'agent' ->> 'kind' = 'simulated';
