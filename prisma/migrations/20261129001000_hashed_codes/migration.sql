-- Binding codes and Idempotency-Keys stored by hash (issue 32), as sessions are: SHA-256 (hex) of the value
-- the caller presents, looked up by the same hash, so a database dump or a backup holds no code that would
-- bind a mini-program account and no key to send again. The rows there are hashed in place (sha256 of the
-- same UTF-8 text the server hashes), so a code handed out before the upgrade still binds.
UPDATE "customer_bind_code" SET "code" = encode(sha256(convert_to("code", 'UTF8')), 'hex');
UPDATE "idempotency_key" SET "key" = encode(sha256(convert_to("key", 'UTF8')), 'hex');
