-- The points partner (issue #28): the points belong to a partner platform the user binds, so the exchange no
-- longer keeps points of its own. A binding names the partner's account (the partner checked the login; its
-- password is never kept here), one exchange user per partner account. An exchange is written pending before
-- the partner is asked to take the points (under the exchange's id as the reference, so asking again never
-- takes them twice) and done or failed after. Bindings made before had no partner behind them: they go, and
-- their users bind again.
DELETE FROM "jc_bindings";
ALTER TABLE "jc_bindings" DROP COLUMN "password_hash";
ALTER TABLE "jc_bindings" ADD COLUMN "partner_account" VARCHAR(64) NOT NULL;
CREATE UNIQUE INDEX "jc_bindings_partner_account_key" ON "jc_bindings"("partner_account");

ALTER TABLE "jc_exchanges" ADD COLUMN "partner_account" VARCHAR(64) NOT NULL DEFAULT '';
ALTER TABLE "jc_exchanges" ADD COLUMN "status" INTEGER NOT NULL DEFAULT 1;
CREATE INDEX "jc_exchanges_status_idx" ON "jc_exchanges"("status");

DROP TABLE "points_logs";
DROP TABLE "points_balances";

-- The sandbox partner's own books (development and demos): its accounts, and every debit it was asked for
-- under its reference with the outcome it answered, so a repeated request answers the same.
CREATE TABLE "points_sandbox_accounts" (
    "user_name" VARCHAR(20) NOT NULL,
    "points" DECIMAL(36,18) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "points_sandbox_accounts_pkey" PRIMARY KEY ("user_name"),
    CONSTRAINT "points_sandbox_accounts_points_check" CHECK ("points" >= 0)
);

CREATE TABLE "points_sandbox_debits" (
    "reference" VARCHAR(64) NOT NULL,
    "user_name" VARCHAR(20) NOT NULL,
    "points" DECIMAL(36,18) NOT NULL,
    "outcome" VARCHAR(16) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "points_sandbox_debits_pkey" PRIMARY KEY ("reference")
);
