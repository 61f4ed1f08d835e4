-- The third design of the spot order path (issue #24): the API writes nothing of an order; the matcher inserts
-- it once, in its final state, in the batch that books it. No order is `new` any more and cancels travel in
-- the market's stream, so `cancel_requested` goes. Upgrade with the API stopped and the matcher drained (no
-- `new` order, no pending cancel left); a `new` order left anyway held nothing and is refused as not placed.
UPDATE spot_orders SET state = 'rejected', reject_reason = 'not_placed', updated_at = now() WHERE state = 'new';
ALTER TABLE spot_orders DROP COLUMN cancel_requested;
-- Time priority through a rebuild: the order in which the matcher took the orders (ids no longer tell it).
ALTER TABLE spot_orders ADD COLUMN arrival BIGINT NOT NULL DEFAULT 0;
UPDATE spot_orders SET arrival = id WHERE state = 'open';
-- Fewer index entries per order: only what a query reads. The book's index holds resting orders only, and
-- nothing reads orders by state alone (the sweeper that did is gone).
DROP INDEX "spot_orders_match_id_state_side_price_idx";
DROP INDEX "spot_orders_state_idx";
CREATE INDEX "spot_orders_book_idx" ON spot_orders (match_id, side, price) WHERE state = 'open';
