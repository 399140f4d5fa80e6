-- No known passwords (issue 32): an account whose password someone else set (the seed outside demo mode, an
-- administrator creating the account or resetting its password) must change it at its next sign-in before
-- anything else works. Accounts already there are not flagged: their passwords were theirs or the demo's.
ALTER TABLE "app_user" ADD COLUMN "must_change_password" BOOLEAN NOT NULL DEFAULT false;
