-- The live events leave the `rows` log for an outbox of their own (server/db/events.ts). A change appends its
-- events in its own transaction, unnumbered; a relay gives them their reader's number (Last-Event-ID) once
-- every transaction that began before theirs has ended (xid below the snapshot's xmin), so a reader never
-- passes an event that commits late, and no write waits for another to number its events.
CREATE TABLE live_events (
  entry bigserial PRIMARY KEY,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  position bigint UNIQUE,
  data jsonb NOT NULL
);
CREATE INDEX live_events_unnumbered ON live_events (xid, entry) WHERE position IS NULL;
-- Numbers are never given twice, even after their events were pruned.
CREATE SEQUENCE live_event_position;
-- The events stored so far keep their numbers; the next one follows the greatest ever given (tombstones too).
INSERT INTO live_events (position, data)
  SELECT id::bigint, data - 'id' FROM rows WHERE collection = 'events' AND NOT deleted ORDER BY id::bigint;
SELECT setval('live_event_position', coalesce((SELECT max(id::bigint) FROM rows WHERE collection = 'events'), 0) + 1, false);
DELETE FROM rows WHERE collection = 'events';
DROP INDEX rows_event_order;
DROP INDEX rows_event_live;
