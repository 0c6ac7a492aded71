-- The live events live in PostgreSQL only (server/db/events.ts). Their ids are numbers (a reader's cursor,
-- Last-Event-ID, counts up) stored as text: these indexes order them as numbers. lpad rather than a cast:
-- no row of another collection is ever read as a number.
-- Every event ever numbered, pruned ones (tombstones) too: a new event's number is past all of them.
CREATE INDEX rows_event_order ON rows ((lpad(id, 20, '0')) COLLATE "C") WHERE collection = 'events';
-- The stored ones: a reader's page after its cursor and the retention's walk never pass a tombstone.
CREATE INDEX rows_event_live ON rows ((lpad(id, 20, '0')) COLLATE "C") WHERE collection = 'events' AND NOT deleted;
