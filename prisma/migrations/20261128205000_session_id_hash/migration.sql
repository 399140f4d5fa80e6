-- Sessions stored by hash (issue 32): a session's id and its refresh token's id are kept as SHA-256 (hex) of
-- the values the tokens carry, so a database dump or a backup holds nothing a token could carry. The rows
-- there are hashed in place rather than ended: sha256 of the same text the server hashes (the UUID's
-- lowercase text), so everyone signed in stays signed in across the upgrade.
ALTER TABLE "auth_session"
  ALTER COLUMN "id" SET DATA TYPE VARCHAR(64) USING encode(sha256(convert_to("id"::text, 'UTF8')), 'hex'),
  ALTER COLUMN "refresh_jti" SET DATA TYPE VARCHAR(64) USING encode(sha256(convert_to("refresh_jti"::text, 'UTF8')), 'hex');
