-- Local accounts sign in with a password: `subject` is the account name (lower-cased),
-- `display_name` is shown and may change. NULL means no password sign-in (demo creators,
-- official-site users, and local users from before passwords).
ALTER TABLE users ADD COLUMN password_hash TEXT;
