-- Seconds contracts settle on a volume-weighted price with a minimum notional (not the last trade), and the
-- house's exposure to running orders is capped: the pair options of both, and each order's copy of its price
-- rule with the inputs of its open and end prices. Orders accepted before keep NULL: the last-trade rule.
ALTER TABLE "currency_matches"
  ADD COLUMN "micro_price_window_seconds" INTEGER NOT NULL DEFAULT 10,
  ADD COLUMN "micro_price_lookback_seconds" INTEGER NOT NULL DEFAULT 300,
  ADD COLUMN "micro_price_min_notional" DECIMAL(36,18) NOT NULL DEFAULT 1000,
  ADD COLUMN "micro_pair_exposure_percent" DECIMAL(36,18) NOT NULL DEFAULT 20,
  ADD COLUMN "micro_user_exposure_percent" DECIMAL(36,18) NOT NULL DEFAULT 2,
  ADD CONSTRAINT "currency_matches_micro_price_check" CHECK (
    "micro_price_window_seconds" >= 1 AND "micro_price_lookback_seconds" >= "micro_price_window_seconds"
    AND "micro_price_min_notional" > 0
    AND "micro_pair_exposure_percent" >= 0 AND "micro_pair_exposure_percent" <= 100
    AND "micro_user_exposure_percent" >= 0 AND "micro_user_exposure_percent" <= "micro_pair_exposure_percent");

ALTER TABLE "micro_orders"
  ADD COLUMN "price_window_ms" INTEGER,
  ADD COLUMN "price_lookback_ms" INTEGER,
  ADD COLUMN "price_min_notional" DECIMAL(36,18),
  ADD COLUMN "price_decimals" INTEGER,
  ADD COLUMN "open_notional" DECIMAL(36,18),
  ADD COLUMN "open_trades" INTEGER,
  ADD COLUMN "end_notional" DECIMAL(36,18),
  ADD COLUMN "end_trades" INTEGER,
  -- A void order (no reliable end price) is finished with its stake back and no end price.
  DROP CONSTRAINT "micro_orders_settled_check",
  ADD CONSTRAINT "micro_orders_settled_check" CHECK (
    ("status" = 1 AND "end_price" IS NULL AND "profit_result" IS NULL AND "settled_at" IS NULL)
    OR ("status" = 3 AND "profit_result" IN (-1, 0, 1) AND "settled_at" IS NOT NULL
        AND ("end_price" IS NOT NULL OR "profit_result" = 0)));

CREATE INDEX "micro_orders_status_currency_id_match_id_idx" ON "micro_orders"("status", "currency_id", "match_id");
