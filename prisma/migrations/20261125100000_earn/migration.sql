-- Earn (issue #13): the points exchange with partner binding, and deposit savings. Points are not money:
-- they live in their own balance with an append-only log. The partner token a user receives, savings
-- principal (locked spot balance) and savings interest all move through the ledger; these rows are the
-- holders the audit matches the savings locks against.

CREATE TABLE "jc_bindings" (
    "user_id" INTEGER NOT NULL,
    "user_name" VARCHAR(20) NOT NULL,
    "password_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "jc_bindings_pkey" PRIMARY KEY ("user_id")
);

CREATE TABLE "points_balances" (
    "user_id" INTEGER NOT NULL,
    "balance" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "points_balances_pkey" PRIMARY KEY ("user_id"),
    -- The last guard: a points balance never goes below zero, whatever a caller forgot to check.
    CONSTRAINT "points_balances_balance_check" CHECK ("balance" >= 0)
);

CREATE TABLE "points_logs" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "delta" DECIMAL(36,18) NOT NULL,
    "balance_after" DECIMAL(36,18) NOT NULL,
    "reason" VARCHAR(64) NOT NULL,
    "ref_type" VARCHAR(24) NOT NULL DEFAULT '',
    "ref_id" VARCHAR(64) NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "points_logs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "points_logs_amounts_check" CHECK ("delta" <> 0 AND "balance_after" >= 0)
);
CREATE INDEX "points_logs_user_id_id_idx" ON "points_logs"("user_id", "id");

CREATE TABLE "jc_exchanges" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "integral" DECIMAL(36,18) NOT NULL,
    "fee" DECIMAL(36,18) NOT NULL,
    "fee_ratio" DECIMAL(36,18) NOT NULL,
    "integral_price" DECIMAL(36,18) NOT NULL,
    "market_price" DECIMAL(36,18) NOT NULL,
    "fact_market_price" DECIMAL(36,18) NOT NULL,
    "exchange_num" DECIMAL(36,18) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "jc_exchanges_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "jc_exchanges_amounts_check" CHECK ("integral" > 0 AND "fee" >= 0 AND "exchange_num" > 0)
);
CREATE INDEX "jc_exchanges_user_id_id_idx" ON "jc_exchanges"("user_id", "id");

CREATE TABLE "savings_plans" (
    "id" SERIAL NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "day" INTEGER NOT NULL,
    "rate" DECIMAL(36,18) NOT NULL,
    "save_min" DECIMAL(36,18) NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "savings_plans_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "savings_plans_values_check" CHECK ("day" BETWEEN 1 AND 3650 AND "rate" >= 0 AND "save_min" > 0
        AND "status" IN (0, 1))
);

CREATE TABLE "savings_holdings" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "plan_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "amount" DECIMAL(36,18) NOT NULL,
    "rate" DECIMAL(36,18) NOT NULL,
    "day" INTEGER NOT NULL,
    "total_interest" DECIMAL(36,18) NOT NULL,
    "days_accrued" INTEGER NOT NULL DEFAULT 0,
    "interest_paid" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "status" INTEGER NOT NULL DEFAULT 1,
    "start_at" TIMESTAMPTZ(3) NOT NULL,
    "end_at" TIMESTAMPTZ(3) NOT NULL,
    -- When the next day of interest falls due (the last one at end_at): what the daily job looks for.
    "next_at" TIMESTAMPTZ(3) NOT NULL,
    "matured_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "savings_holdings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "savings_holdings_values_check" CHECK ("amount" > 0 AND "total_interest" >= 0
        AND "days_accrued" BETWEEN 0 AND "day" AND "interest_paid" >= 0 AND "interest_paid" <= "total_interest"
        AND "end_at" > "start_at" AND "next_at" <= "end_at"),
    -- 1 holding (principal locked), 2 matured (principal returned); only a matured one has matured_at.
    CONSTRAINT "savings_holdings_status_check" CHECK (("status" = 1 AND "matured_at" IS NULL)
        OR ("status" = 2 AND "matured_at" IS NOT NULL))
);
CREATE INDEX "savings_holdings_user_id_id_idx" ON "savings_holdings"("user_id", "id");
CREATE INDEX "savings_holdings_status_next_at_idx" ON "savings_holdings"("status", "next_at");

CREATE TABLE "savings_accruals" (
    "id" BIGSERIAL NOT NULL,
    "holding_id" INTEGER NOT NULL,
    "day_index" INTEGER NOT NULL,
    "amount" DECIMAL(36,18) NOT NULL,
    "paid_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "savings_accruals_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "savings_accruals_values_check" CHECK ("day_index" >= 1 AND "amount" >= 0)
);
CREATE UNIQUE INDEX "savings_accruals_holding_id_day_index_key" ON "savings_accruals"("holding_id", "day_index");
CREATE INDEX "savings_accruals_paid_at_holding_id_idx" ON "savings_accruals"("paid_at", "holding_id");
