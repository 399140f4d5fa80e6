-- Public tracking links without their tokens in the database (issue 32). A link's token is now derived by the
-- server from the row's random nonce under the installation's tracking key (server_key "tracking", sealed
-- under the master key): HMAC-SHA-256 of "{order id}:{nonce}", its first 22 base64url characters (132 bits).
-- The database keeps the nonce and, once the server has shown or printed the token, its SHA-256 (token_hash),
-- by which the public page finds it: a dump or a backup holds no token and cannot make one.
-- The tokens made before (printed on labels already) keep working: their SHA-256 stays as legacy_token_hash,
-- the clear value goes; staff are shown the new token from now on, and renewing the link retires both.
ALTER TABLE "order_tracking_link"
  ADD COLUMN "nonce" VARCHAR(22),
  ADD COLUMN "token_hash" VARCHAR(64),
  ADD COLUMN "legacy_token_hash" VARCHAR(64);
UPDATE "order_tracking_link" SET "nonce" = new_tracking_token(), "legacy_token_hash" = encode(sha256(convert_to("token", 'UTF8')), 'hex');
ALTER TABLE "order_tracking_link" ALTER COLUMN "nonce" SET NOT NULL, ALTER COLUMN "nonce" SET DEFAULT new_tracking_token();
DROP INDEX "order_tracking_link_token_key";
ALTER TABLE "order_tracking_link" DROP COLUMN "token";
CREATE UNIQUE INDEX "order_tracking_link_token_hash_key" ON "order_tracking_link" ("token_hash");
CREATE UNIQUE INDEX "order_tracking_link_legacy_token_hash_key" ON "order_tracking_link" ("legacy_token_hash");
