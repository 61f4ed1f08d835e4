-- Operator console, users and security (issue #15, part A).
-- users.frozen_funds (the contract's flag): 1 while an operator froze the user's funds; transfers between
-- the four accounts, withdrawals and P2P / acceptor sales are refused until it is 0 again.
ALTER TABLE "users" ADD COLUMN "frozen_funds" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "users" ADD CONSTRAINT "users_frozen_funds_check" CHECK ("frozen_funds" IN (0, 1));

-- Operators' two-factor secrets are stored sealed (AES-256-GCM), which needs more room than base32.
ALTER TABLE "operators" ALTER COLUMN "totp_secret" TYPE VARCHAR(128);
ALTER TABLE "operators" ALTER COLUMN "totp_pending" TYPE VARCHAR(128);
