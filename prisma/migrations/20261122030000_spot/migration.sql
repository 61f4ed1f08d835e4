-- Spot trading: orders, trades, candles, favourite pairs.

CREATE TABLE "spot_orders" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "match_id" INTEGER NOT NULL,
    "side" INTEGER NOT NULL,
    "kind" VARCHAR(8) NOT NULL,
    "time_in_force" VARCHAR(3) NOT NULL,
    "post_only" BOOLEAN NOT NULL DEFAULT false,
    "price" DECIMAL(36,18),
    "amount" DECIMAL(36,18) NOT NULL,
    "filled" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "quote_filled" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "locked" DECIMAL(36,18) NOT NULL,
    "fee" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "state" VARCHAR(10) NOT NULL,
    "cancel_requested" BOOLEAN NOT NULL DEFAULT false,
    "reject_reason" VARCHAR(32) NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "spot_orders_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "spot_orders_side_check" CHECK ("side" IN (1, 2)),
    CONSTRAINT "spot_orders_state_check" CHECK ("state" IN ('new', 'open', 'filled', 'cancelled', 'expired', 'rejected')),
    CONSTRAINT "spot_orders_amounts_check" CHECK ("amount" > 0 AND "filled" >= 0 AND "filled" <= "amount" AND "locked" >= 0),
    -- An order that is no longer live holds nothing.
    CONSTRAINT "spot_orders_finished_hold_nothing" CHECK ("state" IN ('new', 'open') OR "locked" = 0)
);
CREATE INDEX "spot_orders_match_id_state_side_price_idx" ON "spot_orders"("match_id", "state", "side", "price");
CREATE INDEX "spot_orders_user_id_match_id_state_id_idx" ON "spot_orders"("user_id", "match_id", "state", "id");
CREATE INDEX "spot_orders_state_idx" ON "spot_orders"("state");
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "currency_matches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "spot_trades" (
    "id" BIGSERIAL NOT NULL,
    "match_id" INTEGER NOT NULL,
    "sequence" BIGINT NOT NULL,
    "price" DECIMAL(36,18) NOT NULL,
    "amount" DECIMAL(36,18) NOT NULL,
    "quote_amount" DECIMAL(36,18) NOT NULL,
    "taker_order_id" BIGINT NOT NULL,
    "maker_order_id" BIGINT NOT NULL,
    "taker_user_id" INTEGER NOT NULL,
    "maker_user_id" INTEGER NOT NULL,
    "taker_side" INTEGER NOT NULL,
    "buyer_fee" DECIMAL(36,18) NOT NULL,
    "seller_fee" DECIMAL(36,18) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "spot_trades_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "spot_trades_amounts_check" CHECK ("price" > 0 AND "amount" > 0 AND "quote_amount" > 0)
);
CREATE UNIQUE INDEX "spot_trades_match_id_sequence_key" ON "spot_trades"("match_id", "sequence");
CREATE INDEX "spot_trades_match_id_created_at_idx" ON "spot_trades"("match_id", "created_at");
ALTER TABLE "spot_trades" ADD CONSTRAINT "spot_trades_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "currency_matches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "candles" (
    "match_id" INTEGER NOT NULL,
    "period" VARCHAR(8) NOT NULL,
    "open_time" TIMESTAMPTZ(3) NOT NULL,
    "open" DECIMAL(36,18) NOT NULL,
    "high" DECIMAL(36,18) NOT NULL,
    "low" DECIMAL(36,18) NOT NULL,
    "close" DECIMAL(36,18) NOT NULL,
    "volume" DECIMAL(36,18) NOT NULL,
    "amount" DECIMAL(36,18) NOT NULL,
    CONSTRAINT "candles_pkey" PRIMARY KEY ("match_id", "period", "open_time")
);
ALTER TABLE "candles" ADD CONSTRAINT "candles_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "currency_matches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "favorite_pairs" (
    "user_id" INTEGER NOT NULL,
    "match_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "favorite_pairs_pkey" PRIMARY KEY ("user_id", "match_id")
);
ALTER TABLE "favorite_pairs" ADD CONSTRAINT "favorite_pairs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "favorite_pairs" ADD CONSTRAINT "favorite_pairs_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "currency_matches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
