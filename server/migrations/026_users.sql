-- The accounts leave the JSON log (`rows` and its list table `user_list`) for a table of their own
-- (server/db/user-table.ts): typed columns, a username and an e-mail unique among them in any case, and the
-- organization each belongs to. The *_key columns and search are the list's keys (core/user-list.ts,
-- userListEntry), compared by code point; username_lower and email_lower are core's lower-casing, the same one
-- the duplicate check asks (mirage/domains/users.ts).
CREATE TABLE users (
  id text PRIMARY KEY,
  organization_id text NOT NULL,
  username text NOT NULL,
  email text NOT NULL,
  display_name text NOT NULL,
  full_name text NOT NULL,
  phone_number text NOT NULL,
  role_id smallint NOT NULL CHECK (role_id BETWEEN 1 AND 4),
  password_hash text NOT NULL,
  salt text NOT NULL,
  about text NOT NULL,
  photo_url text NOT NULL,
  -- Presence, as the profile sets it.
  status text NOT NULL CHECK (status IN ('online', 'offline', 'away', 'busy')),
  provider_id text NOT NULL,
  created_at timestamptz NOT NULL,
  last_sign_in_at timestamptz,
  -- The administration fields: null on an account stored before they existed.
  account_status text CHECK (account_status IN ('invited', 'active', 'disabled')),
  invited_by text,
  invited_by_name text,
  set_password_digest text,
  set_password_expires_at bigint,
  updated_at timestamptz,
  oidc_subject text,
  version integer CHECK (version >= 1),
  updated_by text,
  username_lower text NOT NULL,
  email_lower text NOT NULL,
  id_key text COLLATE "C" NOT NULL,
  full_name_key text COLLATE "C" NOT NULL,
  username_key text COLLATE "C" NOT NULL,
  email_key text COLLATE "C" NOT NULL,
  last_sign_in_key text COLLATE "C" NOT NULL,
  created_key text COLLATE "C" NOT NULL,
  -- Its account status as the list filters and sorts it (stored before statuses: active).
  list_status text NOT NULL,
  search text[] NOT NULL,
  search_text text NOT NULL,
  CONSTRAINT users_username_unique UNIQUE (username_lower)
);
-- An account without an e-mail (none is required of a provider's) shares the empty one with others.
CREATE UNIQUE INDEX users_email_unique ON users (email_lower) WHERE email_lower <> '';

-- An account whose username or e-mail another one already had in some case (stored before the schema said so)
-- keeps its own with its id added (the username `ana-17`, the e-mail `ana+17@acme.example`); the first created
-- keeps it. The keys are computed again at the next start.
INSERT INTO users (
  id, organization_id, username, email, display_name, full_name, phone_number, role_id, password_hash, salt, about,
  photo_url, status, provider_id, created_at, last_sign_in_at, account_status, invited_by, invited_by_name,
  set_password_digest, set_password_expires_at, updated_at, oidc_subject, version, updated_by,
  username_lower, email_lower,
  id_key, full_name_key, username_key, email_key, last_sign_in_key, created_key, list_status, search, search_text
)
SELECT
  r.id,
  coalesce(r.data ->> 'organizationId', ''),
  d.username,
  d.email,
  coalesce(r.data ->> 'displayName', ''),
  coalesce(r.data ->> 'fullName', ''),
  coalesce(r.data ->> 'phoneNumber', ''),
  CASE WHEN r.data ->> 'roleId' IN ('1', '2', '3', '4') THEN (r.data ->> 'roleId')::smallint ELSE 4 END,
  coalesce(r.data ->> 'passwordHash', ''),
  coalesce(r.data ->> 'salt', ''),
  coalesce(r.data ->> 'about', ''),
  coalesce(r.data ->> 'photoURL', ''),
  CASE WHEN r.data ->> 'status' IN ('online', 'offline', 'away', 'busy') THEN r.data ->> 'status' ELSE 'offline' END,
  coalesce(r.data ->> 'providerId', ''),
  coalesce(CASE WHEN r.data ->> 'createdAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'createdAt')::timestamptz END, now()),
  CASE WHEN r.data ->> 'lastSignInAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'lastSignInAt')::timestamptz END,
  CASE WHEN r.data ->> 'accountStatus' IN ('invited', 'active', 'disabled') THEN r.data ->> 'accountStatus' END,
  r.data ->> 'invitedBy',
  r.data ->> 'invitedByName',
  r.data ->> 'setPasswordDigest',
  CASE WHEN r.data ->> 'setPasswordExpiresAt' ~ '^\d{1,15}$' THEN (r.data ->> 'setPasswordExpiresAt')::bigint END,
  CASE WHEN r.data ->> 'updatedAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'updatedAt')::timestamptz END,
  r.data ->> 'oidcSubject',
  CASE WHEN r.data ->> 'version' ~ '^\d{1,9}$' AND (r.data ->> 'version')::integer >= 1 THEN (r.data ->> 'version')::integer END,
  r.data ->> 'updatedBy',
  -- PostgreSQL's lower() for the rows carried over; core's own lower-casing from the next write on.
  lower(d.username),
  lower(d.email),
  coalesce(l.id_key, ''), coalesce(l.full_name_key, ''), coalesce(l.username_key, ''), coalesce(l.email_key, ''),
  coalesce(l.last_sign_in_key, ''), coalesce(l.created_key, ''), coalesce(l.status, 'active'),
  coalesce(l.search, ARRAY[]::text[]), coalesce(l.search_text, '')
FROM rows r
JOIN (
  SELECT
    n.id,
    CASE WHEN n.username_rank > 1 THEN n.username || '-' || n.id ELSE n.username END AS username,
    CASE
      WHEN n.email_rank = 1 OR n.email = '' THEN n.email
      WHEN position('@' IN n.email) > 0 THEN regexp_replace(n.email, '@', '+' || n.id || '@')
      ELSE n.email || '+' || n.id
    END AS email
  FROM (
    SELECT
      id,
      coalesce(data ->> 'username', '') AS username,
      coalesce(data ->> 'email', '') AS email,
      row_number() OVER (PARTITION BY lower(coalesce(data ->> 'username', '')) ORDER BY id) AS username_rank,
      row_number() OVER (PARTITION BY lower(coalesce(data ->> 'email', '')) ORDER BY id) AS email_rank
    FROM rows WHERE collection = 'users' AND NOT deleted
  ) n
) d ON d.id = r.id
LEFT JOIN user_list l ON l.id = r.id
WHERE r.collection = 'users' AND NOT r.deleted;

DELETE FROM meta WHERE key = 'userList';

-- The list's orders, for every organization and for one; the lookups of 019_user_lookups.sql, on columns.
CREATE INDEX users_by_name ON users (full_name_key, id_key);
CREATE INDEX users_by_organization_name ON users (organization_id, full_name_key, id_key);
CREATE INDEX users_search ON users USING gin (search_text gin_trgm_ops);
CREATE INDEX users_by_role ON users (role_id);
CREATE INDEX users_by_last_sign_in ON users (last_sign_in_key DESC, id_key);
CREATE INDEX users_by_set_password_digest ON users (set_password_digest) WHERE set_password_digest <> '';
CREATE INDEX users_by_oidc_subject ON users (oidc_subject) WHERE oidc_subject IS NOT NULL;

DELETE FROM rows WHERE collection = 'users';
DROP TABLE user_list;

-- An account belongs to an organization that exists. Checked at commit (a seed stores both in one transaction,
-- in any order); NOT VALID: accounts a database stored before keep their rows whatever they name, every new or
-- moved account is checked. An organization that still has users cannot be deleted (the domain refuses first).
ALTER TABLE users ADD CONSTRAINT users_organization_fk
  FOREIGN KEY (organization_id) REFERENCES organizations (id) DEFERRABLE INITIALLY DEFERRED NOT VALID;
