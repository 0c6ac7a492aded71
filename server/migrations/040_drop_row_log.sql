-- The JSON row log goes: migrations 023–039 moved every collection out of `rows` into a table of its own
-- (the live events to their outbox), and a write now stores each record there. What `rows` still holds is
-- nothing anything reads: tombstones of deleted records, and the demo apps' retired tag lists (taskTags,
-- emailTags: constants now). Its change numbers went with the catch-up that applied other instances' rows
-- to memory: no instance keeps records in memory. `meta` stays: the seed a database was made with, and the
-- list keys' versions.
DROP TABLE rows;
DROP SEQUENCE row_change_seq;
