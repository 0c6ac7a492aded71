-- The processes live in PostgreSQL only (server/db/processes.ts): a unit's are found by the unit, without
-- reading every process (an agent reports its unit's every few seconds).
CREATE INDEX rows_process_by_unit ON rows ((data ->> 'serviceUnitId')) WHERE collection = 'processes';
