-- The status sweep (every 5 s, under the write lock) asks for the units announced online whose online
-- window ended. With 10,000 agents reporting, every unit is announced online: reading them all and
-- keeping those past their window took the lock for tens of milliseconds. unit_list now holds whether a
-- unit was announced offline, and this index holds only the others, by the end of their window.
ALTER TABLE unit_list ADD COLUMN announced_offline boolean NOT NULL DEFAULT false;
UPDATE unit_list u SET announced_offline = true
  FROM rows r
  WHERE r.collection = 'serviceUnits' AND r.id = u.id AND NOT r.deleted AND (r.data ->> 'announcedStatus') = 'offline';
CREATE INDEX unit_list_gone_quiet ON unit_list (online_until_ms) WHERE NOT announced_offline;
-- Its predecessor (020_unit_lookups.sql) is read by nothing now.
DROP INDEX rows_unit_announced;
