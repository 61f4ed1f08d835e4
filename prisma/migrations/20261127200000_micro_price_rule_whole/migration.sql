-- An order's copy of its price rule is written whole at acceptance (all four set) or not at all (orders
-- accepted before the rule existed): settlement reads a set window as a whole rule, so a partial one is refused
-- here rather than settled on a rule nobody chose.
ALTER TABLE "micro_orders"
  ADD CONSTRAINT "micro_orders_price_rule_check" CHECK (
    num_nulls("price_window_ms", "price_lookback_ms", "price_min_notional", "price_decimals") IN (0, 4));
