-- Open orders (state new or open) per user and market, kept in the same transactions that store and end
-- orders: the placement group commit adds, the matcher's batch commit subtracts. Replaces a count over
-- spot_orders per batch; the row lock makes the limit hold across concurrent commits of any API process.
CREATE TABLE "spot_open_orders" (
    "user_id" INTEGER NOT NULL,
    "match_id" INTEGER NOT NULL,
    "open" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "spot_open_orders_pkey" PRIMARY KEY ("user_id", "match_id"),
    CONSTRAINT "spot_open_orders_open_check" CHECK ("open" >= 0)
);
ALTER TABLE "spot_open_orders" ADD CONSTRAINT "spot_open_orders_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "spot_open_orders" ADD CONSTRAINT "spot_open_orders_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "currency_matches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

INSERT INTO "spot_open_orders" ("user_id", "match_id", "open")
SELECT "user_id", "match_id", count(*)::int FROM "spot_orders" WHERE "state" IN ('new', 'open') GROUP BY 1, 2;
