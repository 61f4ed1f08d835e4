-- Seconds contracts (micro): durations, preset stakes, orders; insurance types and insured positions.

CREATE TABLE "micro_seconds" (
    "id" SERIAL NOT NULL,
    "seconds" INTEGER NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 1,
    "profit_ratio" DECIMAL(36,18) NOT NULL,
    "min_amount" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "max_amount" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "micro_seconds_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "micro_seconds_values_check" CHECK ("seconds" > 0 AND "profit_ratio" >= 0 AND "min_amount" >= 0 AND "max_amount" >= 0)
);
CREATE UNIQUE INDEX "micro_seconds_seconds_key" ON "micro_seconds"("seconds");

CREATE TABLE "micro_numbers" (
    "id" SERIAL NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "number" DECIMAL(36,18) NOT NULL,
    CONSTRAINT "micro_numbers_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "micro_numbers_currency_id_idx" ON "micro_numbers"("currency_id");

CREATE TABLE "micro_orders" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "match_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "type" INTEGER NOT NULL,
    "insurance_id" INTEGER,
    "seconds" INTEGER NOT NULL,
    "number" DECIMAL(36,18) NOT NULL,
    "fee" DECIMAL(36,18) NOT NULL,
    "profit_ratio" DECIMAL(36,18) NOT NULL,
    "open_price" DECIMAL(36,18) NOT NULL,
    "end_price" DECIMAL(36,18),
    "status" INTEGER NOT NULL DEFAULT 1,
    "profit_result" INTEGER,
    "fact_profits" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "payout" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "accepted_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "settled_at" TIMESTAMPTZ(3),
    CONSTRAINT "micro_orders_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "micro_orders_type_check" CHECK ("type" IN (1, 2)),
    CONSTRAINT "micro_orders_status_check" CHECK ("status" IN (1, 3)),
    CONSTRAINT "micro_orders_amounts_check" CHECK ("number" > 0 AND "fee" >= 0 AND "open_price" > 0 AND "payout" >= 0),
    -- A finished order has its end price, result and settlement time; a running one has none of them.
    CONSTRAINT "micro_orders_settled_check" CHECK (
      ("status" = 1 AND "end_price" IS NULL AND "profit_result" IS NULL AND "settled_at" IS NULL)
      OR ("status" = 3 AND "end_price" IS NOT NULL AND "profit_result" IN (-1, 0, 1) AND "settled_at" IS NOT NULL))
);
CREATE INDEX "micro_orders_status_expires_at_idx" ON "micro_orders"("status", "expires_at");
CREATE INDEX "micro_orders_user_id_status_id_idx" ON "micro_orders"("user_id", "status", "id");
CREATE INDEX "micro_orders_user_id_currency_id_status_idx" ON "micro_orders"("user_id", "currency_id", "status");

CREATE TABLE "insurance_types" (
    "id" SERIAL NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    "min_quantity" INTEGER NOT NULL DEFAULT 1,
    "max_quantity" INTEGER NOT NULL,
    "unit_amount" DECIMAL(36,18) NOT NULL,
    "premium_rate" DECIMAL(36,18) NOT NULL,
    "claim_rate" DECIMAL(36,18) NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 1,
    CONSTRAINT "insurance_types_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "insurance_types_values_check" CHECK ("min_quantity" >= 1 AND "max_quantity" >= "min_quantity" AND "unit_amount" > 0 AND "premium_rate" >= 0 AND "claim_rate" >= 0 AND "claim_rate" <= 1)
);
CREATE INDEX "insurance_types_currency_id_idx" ON "insurance_types"("currency_id");

CREATE TABLE "user_insurances" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "insurance_type_id" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "insured_amount" DECIMAL(36,18) NOT NULL,
    "premium" DECIMAL(36,18) NOT NULL,
    "balance" DECIMAL(36,18) NOT NULL,
    "claim_amount" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "status" INTEGER NOT NULL DEFAULT 1,
    "end_reason" VARCHAR(16) NOT NULL DEFAULT '',
    "claimed_at" TIMESTAMPTZ(3),
    "terminated_at" TIMESTAMPTZ(3),
    "exchanged_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "user_insurances_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "user_insurances_status_check" CHECK ("status" IN (1, 2, 3)),
    CONSTRAINT "user_insurances_amounts_check" CHECK ("quantity" > 0 AND "insured_amount" > 0 AND "premium" >= 0 AND "balance" >= 0 AND "claim_amount" >= 0),
    -- An exchanged position holds nothing any more.
    CONSTRAINT "user_insurances_exchanged_check" CHECK ("status" <> 3 OR "balance" = 0)
);
CREATE INDEX "user_insurances_user_id_currency_id_status_idx" ON "user_insurances"("user_id", "currency_id", "status");
CREATE INDEX "user_insurances_user_id_claimed_at_idx" ON "user_insurances"("user_id", "claimed_at");
