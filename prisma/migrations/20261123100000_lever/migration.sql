-- Lever (leveraged contracts): positions, the options each pair offers, and the overnight-fee days.

CREATE TABLE "lever_transactions" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "match_id" INTEGER NOT NULL,
    "legal_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "type" INTEGER NOT NULL,
    "status" INTEGER NOT NULL,
    "share" INTEGER NOT NULL,
    "number" DECIMAL(36,18) NOT NULL,
    "multiple" INTEGER NOT NULL,
    "origin_price" DECIMAL(36,18) NOT NULL,
    "price" DECIMAL(36,18) NOT NULL,
    "update_price" DECIMAL(36,18) NOT NULL,
    "target_profit_price" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "stop_loss_price" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "origin_caution_money" DECIMAL(36,18) NOT NULL,
    "caution_money" DECIMAL(36,18) NOT NULL,
    "trade_fee" DECIMAL(36,18) NOT NULL,
    "overnight" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "overnight_money" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "fact_profits" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "close_price" DECIMAL(36,18),
    "close_reason" VARCHAR(12) NOT NULL DEFAULT '',
    "shortfall" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "transaction_time" TIMESTAMPTZ(3),
    "handle_time" TIMESTAMPTZ(3),
    "complete_time" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "lever_transactions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "lever_transactions_type_check" CHECK ("type" IN (1, 2)),
    CONSTRAINT "lever_transactions_status_check" CHECK ("status" IN (0, 1, 2, 3, 4)),
    CONSTRAINT "lever_transactions_amounts_check" CHECK (
        "share" > 0 AND "number" > 0 AND "multiple" > 0 AND "price" > 0 AND "origin_price" > 0
        AND "caution_money" >= 0 AND "origin_caution_money" > 0 AND "trade_fee" >= 0
        AND "overnight_money" >= 0 AND "shortfall" >= 0
        AND "target_profit_price" >= 0 AND "stop_loss_price" >= 0),
    -- A close always records the mark it settled at.
    CONSTRAINT "lever_transactions_close_priced" CHECK ("status" NOT IN (2, 3) OR "close_price" > 0)
);
CREATE INDEX "lever_transactions_user_id_status_id_idx" ON "lever_transactions"("user_id", "status", "id");
CREATE INDEX "lever_transactions_match_id_status_idx" ON "lever_transactions"("match_id", "status");
CREATE INDEX "lever_transactions_status_id_idx" ON "lever_transactions"("status", "id");
ALTER TABLE "lever_transactions" ADD CONSTRAINT "lever_transactions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "lever_transactions" ADD CONSTRAINT "lever_transactions_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "currency_matches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "lever_multiples" (
    "id" SERIAL NOT NULL,
    "match_id" INTEGER NOT NULL,
    "type" INTEGER NOT NULL,
    "value" INTEGER NOT NULL,
    CONSTRAINT "lever_multiples_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "lever_multiples_check" CHECK ("type" IN (1, 2) AND "value" > 0)
);
CREATE UNIQUE INDEX "lever_multiples_match_id_type_value_key" ON "lever_multiples"("match_id", "type", "value");
ALTER TABLE "lever_multiples" ADD CONSTRAINT "lever_multiples_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "currency_matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "lever_overnight_days" (
    "day" VARCHAR(10) NOT NULL,
    "positions" INTEGER NOT NULL DEFAULT 0,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "lever_overnight_days_pkey" PRIMARY KEY ("day")
);

CREATE TABLE "lever_overnight_charges" (
    "position_id" BIGINT NOT NULL,
    "day" VARCHAR(10) NOT NULL,
    "amount" DECIMAL(36,18) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "lever_overnight_charges_pkey" PRIMARY KEY ("position_id", "day")
);
