-- The accounts live in PostgreSQL only (server/db/users.ts): a sign-in finds its account by username or
-- e-mail, a set-password link by its digest, a provider's sign-in by its subject, the last-super-admin rule
-- the super admins, and the admin dashboard the latest sign-ins. user_list's search texts are core's own
-- lower-casing (search[2] the username, search[3] the e-mail), so a lookup matches as the embedded backend's.
CREATE INDEX user_list_by_username ON user_list ((search[2]));
CREATE INDEX user_list_by_email ON user_list ((search[3]));
CREATE INDEX user_list_by_role ON user_list (role_id);
CREATE INDEX user_list_by_last_sign_in ON user_list (last_sign_in_key DESC, id_key);
CREATE INDEX rows_user_by_set_password_digest ON rows ((data ->> 'setPasswordDigest')) WHERE collection = 'users';
CREATE INDEX rows_user_by_oidc_subject ON rows ((data ->> 'oidcSubject')) WHERE collection = 'users';
