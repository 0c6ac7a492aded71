-- The sign-ins' tokens live in PostgreSQL only (server/db/sessions.ts). Every authenticated request finds
-- its token by the token; sign-out, lock and a reused refresh token act on the whole sign-in (its session
-- key); a disabled account or a suspended organization ends its users' sign-ins (by user).
CREATE INDEX rows_session_by_token ON rows ((data ->> 'accessToken')) WHERE collection = 'sessions';
CREATE INDEX rows_session_by_key ON rows ((data ->> 'sessionKey')) WHERE collection = 'sessions';
CREATE INDEX rows_session_by_user ON rows ((data ->> 'userId')) WHERE collection = 'sessions';
