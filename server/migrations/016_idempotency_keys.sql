-- The idempotent creates' kept answers live in PostgreSQL only (server/db/idempotency-keys.ts): a create
-- with an Idempotency-Key finds its owner's key, and forgets the answers older than a day.
CREATE INDEX rows_idempotency_by_key ON rows ((data ->> 'owner'), (data ->> 'key')) WHERE collection = 'idempotencyKeys';
CREATE INDEX rows_idempotency_by_age ON rows (((data ->> 'createdAt')::numeric)) WHERE collection = 'idempotencyKeys';
