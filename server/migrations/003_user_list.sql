-- The users' list as SQL (server/db/user-list.ts): one row per user, written in the same transaction as the
-- user's record in `rows`, computed by core/user-list.ts (userListEntry). Every *_key column is
-- core/list-query.ts's textSortKey, compared by code point (COLLATE "C"), and id_key its idSortKey, so
-- PostgreSQL orders the list exactly as the embedded backend does.
-- meta 'userList' holds the version of those keys; a start with another version fills the table again.
CREATE TABLE user_list (
  id text PRIMARY KEY,
  organization_id text NOT NULL,
  id_key text COLLATE "C" NOT NULL,
  full_name_key text COLLATE "C" NOT NULL,
  username_key text COLLATE "C" NOT NULL,
  email_key text COLLATE "C" NOT NULL,
  last_sign_in_key text COLLATE "C" NOT NULL,
  created_key text COLLATE "C" NOT NULL,
  role_id int NOT NULL,
  status text NOT NULL,
  -- The texts a search looks in (full name, username, email), lower-cased.
  search text[] NOT NULL
);

-- The default order (by full name), for every organization and for one.
CREATE INDEX user_list_by_name ON user_list (full_name_key, id_key);
CREATE INDEX user_list_by_organization_name ON user_list (organization_id, full_name_key, id_key);
