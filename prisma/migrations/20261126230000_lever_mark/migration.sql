-- The lever mark: how each pair's mark is built (pair options) and the mark the risk worker last computed.
ALTER TABLE "currency_matches"
  ADD COLUMN "mark_impact_notional" DECIMAL(36,18) NOT NULL DEFAULT 1000,
  ADD COLUMN "mark_band_percent" DECIMAL(36,18) NOT NULL DEFAULT 2,
  ADD COLUMN "mark_trade_window_seconds" INTEGER NOT NULL DEFAULT 300,
  ADD COLUMN "mark_min_trade_notional" DECIMAL(36,18) NOT NULL DEFAULT 100,
  ADD COLUMN "mark_smoothing_seconds" INTEGER NOT NULL DEFAULT 30,
  ADD COLUMN "mark_max_move_percent" DECIMAL(36,18) NOT NULL DEFAULT 5,
  ADD COLUMN "lever_pair_exposure_percent" DECIMAL(36,18) NOT NULL DEFAULT 50,
  ADD COLUMN "lever_user_exposure_percent" DECIMAL(36,18) NOT NULL DEFAULT 10;

CREATE TABLE "lever_marks" (
    "match_id" INTEGER NOT NULL,
    "mark" DECIMAL(36,18),
    "reliable" BOOLEAN NOT NULL DEFAULT false,
    "reason" VARCHAR(16) NOT NULL DEFAULT '',
    "impact_bid" DECIMAL(36,18),
    "impact_ask" DECIMAL(36,18),
    "reference" DECIMAL(36,18),
    "marked_at" TIMESTAMPTZ(3),
    "sampled_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lever_marks_pkey" PRIMARY KEY ("match_id")
);

ALTER TABLE "lever_marks" ADD CONSTRAINT "lever_marks_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "currency_matches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- What the insurance fund paid for a closed position (a loss beyond what its owner held, or a profit the lever
-- pool could not pay), and a profit neither could pay (never expected: the exposure caps keep it from
-- happening; recorded, not hidden, if it ever does). Until now the fund paid every shortfall in full.
ALTER TABLE "lever_transactions" ADD COLUMN "insurance_paid" DECIMAL(36,18) NOT NULL DEFAULT 0,
  ADD COLUMN "unpaid_profit" DECIMAL(36,18) NOT NULL DEFAULT 0;
UPDATE "lever_transactions" SET "insurance_paid" = "shortfall" WHERE "shortfall" > 0;
