-- The live events live in PostgreSQL only (server/db/events.ts). Their ids are numbers (a reader's cursor,
-- Last-Event-ID, counts up) stored as text: this index orders them as numbers, pruned ones (tombstones)
-- too, so a new event's number is past every number ever given, and a reader's page after its cursor
-- is a range of it. lpad rather than a cast: no row of another collection is ever read as a number.
CREATE INDEX rows_event_order ON rows ((lpad(id, 20, '0')) COLLATE "C") WHERE collection = 'events';
