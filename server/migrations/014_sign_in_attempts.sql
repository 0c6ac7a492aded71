-- The sign-in throttle's counters live in PostgreSQL only (server/db/sign-in-attempts.ts): every sign-in
-- reads and writes its keys' (the name's hash, the client's address) by key.
CREATE INDEX rows_sign_in_attempt_by_key ON rows ((data ->> 'key')) WHERE collection = 'signInAttempts';
