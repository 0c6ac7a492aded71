-- The agents' commands live in PostgreSQL only (server/db/commands.ts). A unit's are found by the unit
-- (a revocation, a unit's deletion); the ones not fetched yet by a smaller index of their own, which every
-- heartbeat (its count of pending commands), every long poll and the simulated agents' tick read.
CREATE INDEX rows_command_by_unit ON rows ((data ->> 'serviceUnitId')) WHERE collection = 'commands';
CREATE INDEX rows_command_pending ON rows ((data ->> 'serviceUnitId'))
  WHERE collection = 'commands' AND NOT deleted AND data ->> 'status' = 'pending';
