-- The matcher locks an order's funds in the batch that books it and counts resting orders in memory:
-- a new order holds nothing, and the per-market counters of the API's group commit are gone.
ALTER TABLE "spot_orders" ALTER COLUMN "locked" SET DEFAULT 0;
DROP TABLE "spot_open_orders";
