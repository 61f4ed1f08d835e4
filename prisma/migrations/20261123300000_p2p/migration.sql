-- P2P (issue #12): c2c ads and orders, seller shops, acceptors and their deals, regions and regional agents,
-- and the operators' log of this area. Escrowed crypto stays in the owners' locked legal balances (ledger);
-- these rows are the holders the audit matches those locks against.

CREATE TABLE "p2p_sellers" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "p2p_sellers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "p2p_sellers_status_check" CHECK ("status" IN (0, 1))
);
CREATE UNIQUE INDEX "p2p_sellers_user_id_currency_id_key" ON "p2p_sellers"("user_id", "currency_id");

CREATE TABLE "p2p_ads" (
    "id" SERIAL NOT NULL,
    "kind" VARCHAR(8) NOT NULL,
    "user_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "type" VARCHAR(4) NOT NULL,
    "way" VARCHAR(8) NOT NULL,
    "coin_code" VARCHAR(8) NOT NULL,
    "price" DECIMAL(36,18) NOT NULL,
    "total_number" DECIMAL(36,18) NOT NULL,
    "surplus_number" DECIMAL(36,18) NOT NULL,
    "min_number" DECIMAL(36,18) NOT NULL,
    "max_number" DECIMAL(36,18) NOT NULL,
    "state" VARCHAR(10) NOT NULL,
    "is_shelves" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "p2p_ads_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "p2p_ads_kind_check" CHECK ("kind" IN ('c2c', 'shop')),
    CONSTRAINT "p2p_ads_type_check" CHECK ("type" IN ('buy', 'sell')),
    CONSTRAINT "p2p_ads_state_check" CHECK ("state" IN ('open', 'done', 'withdrawn')),
    CONSTRAINT "p2p_ads_amounts_check" CHECK ("price" > 0 AND "total_number" > 0 AND "surplus_number" >= 0
        AND "surplus_number" <= "total_number" AND "min_number" > 0 AND "min_number" <= "max_number"),
    -- A withdrawn ad holds nothing; an open one has something left to take.
    CONSTRAINT "p2p_ads_state_surplus_check" CHECK (("state" = 'open' AND "surplus_number" > 0) OR ("state" = 'done' AND "surplus_number" = 0) OR ("state" = 'withdrawn' AND "surplus_number" = 0))
);
CREATE INDEX "p2p_ads_kind_state_type_currency_id_id_idx" ON "p2p_ads"("kind", "state", "type", "currency_id", "id");
CREATE INDEX "p2p_ads_user_id_kind_id_idx" ON "p2p_ads"("user_id", "kind", "id");

CREATE TABLE "p2p_orders" (
    "id" SERIAL NOT NULL,
    "kind" VARCHAR(8) NOT NULL,
    "ad_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "seller_id" INTEGER NOT NULL,
    "escrow_user_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "type" VARCHAR(4) NOT NULL,
    "way" VARCHAR(8) NOT NULL,
    "coin_code" VARCHAR(8) NOT NULL,
    "price" DECIMAL(36,18) NOT NULL,
    "number" DECIMAL(36,18) NOT NULL,
    "deal_money" DECIMAL(36,18) NOT NULL,
    "is_sure" INTEGER NOT NULL DEFAULT 0,
    "pay_deadline" TIMESTAMPTZ(3) NOT NULL,
    "paid_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "cancelled_by" VARCHAR(10) NOT NULL DEFAULT '',
    "canceller_id" INTEGER,
    "appeal_state" INTEGER NOT NULL DEFAULT 0,
    "appeal_by" INTEGER,
    "appeal_reason" TEXT NOT NULL DEFAULT '',
    "resolution" VARCHAR(10) NOT NULL DEFAULT '',
    "resolution_reason" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "p2p_orders_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "p2p_orders_kind_check" CHECK ("kind" IN ('c2c', 'shop')),
    CONSTRAINT "p2p_orders_type_check" CHECK ("type" IN ('buy', 'sell')),
    CONSTRAINT "p2p_orders_is_sure_check" CHECK ("is_sure" IN (0, 1, 2, 3)),
    CONSTRAINT "p2p_orders_appeal_state_check" CHECK ("appeal_state" IN (0, 1, 2)),
    CONSTRAINT "p2p_orders_amounts_check" CHECK ("price" > 0 AND "number" > 0 AND "deal_money" > 0),
    CONSTRAINT "p2p_orders_parties_check" CHECK ("user_id" <> "seller_id" AND "escrow_user_id" IN ("user_id", "seller_id"))
);
CREATE INDEX "p2p_orders_user_id_kind_is_sure_idx" ON "p2p_orders"("user_id", "kind", "is_sure");
CREATE INDEX "p2p_orders_seller_id_kind_id_idx" ON "p2p_orders"("seller_id", "kind", "id");
CREATE INDEX "p2p_orders_ad_id_id_idx" ON "p2p_orders"("ad_id", "id");
CREATE INDEX "p2p_orders_is_sure_pay_deadline_idx" ON "p2p_orders"("is_sure", "pay_deadline");
CREATE INDEX "p2p_orders_canceller_id_finished_at_idx" ON "p2p_orders"("canceller_id", "finished_at");
ALTER TABLE "p2p_orders" ADD CONSTRAINT "p2p_orders_ad_id_fkey" FOREIGN KEY ("ad_id") REFERENCES "p2p_ads"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "acceptors" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    "recharge_amount" DECIMAL(36,18) NOT NULL,
    "recharge_rate" DECIMAL(36,18) NOT NULL,
    "cash_amount" DECIMAL(36,18) NOT NULL,
    "cash_rate" DECIMAL(36,18) NOT NULL,
    "wechat_nickname" VARCHAR(64) NOT NULL DEFAULT '',
    "wechat_account" VARCHAR(100) NOT NULL DEFAULT '',
    "ali_nickname" VARCHAR(64) NOT NULL DEFAULT '',
    "ali_account" VARCHAR(100) NOT NULL DEFAULT '',
    "bank_name" VARCHAR(100) NOT NULL DEFAULT '',
    "bank_account" VARCHAR(64) NOT NULL DEFAULT '',
    "bank_address" VARCHAR(200) NOT NULL DEFAULT '',
    "status" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "acceptors_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "acceptors_quotas_check" CHECK ("recharge_amount" >= 0 AND "cash_amount" >= 0 AND "recharge_rate" > 0 AND "cash_rate" > 0)
);
CREATE UNIQUE INDEX "acceptors_user_id_key" ON "acceptors"("user_id");

CREATE TABLE "acceptor_deals" (
    "id" SERIAL NOT NULL,
    "acceptor_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "acceptor_user_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "type" VARCHAR(4) NOT NULL,
    "way" VARCHAR(8) NOT NULL,
    "mobile" VARCHAR(32) NOT NULL,
    "deal_account" VARCHAR(100) NOT NULL,
    "money" DECIMAL(36,18) NOT NULL,
    "rate" DECIMAL(36,18) NOT NULL,
    "number" DECIMAL(36,18) NOT NULL,
    "is_sure" INTEGER NOT NULL DEFAULT 0,
    "transferred_at" TIMESTAMPTZ(3),
    "auto_confirm_at" TIMESTAMPTZ(3),
    "confirmed_by" VARCHAR(10) NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "acceptor_deals_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "acceptor_deals_type_check" CHECK ("type" IN ('buy', 'sell')),
    CONSTRAINT "acceptor_deals_is_sure_check" CHECK ("is_sure" IN (0, 1, 2)),
    CONSTRAINT "acceptor_deals_amounts_check" CHECK ("money" > 0 AND "rate" > 0 AND "number" > 0)
);
CREATE INDEX "acceptor_deals_user_id_id_idx" ON "acceptor_deals"("user_id", "id");
CREATE INDEX "acceptor_deals_acceptor_id_id_idx" ON "acceptor_deals"("acceptor_id", "id");
CREATE INDEX "acceptor_deals_is_sure_auto_confirm_at_idx" ON "acceptor_deals"("is_sure", "auto_confirm_at");
ALTER TABLE "acceptor_deals" ADD CONSTRAINT "acceptor_deals_acceptor_id_fkey" FOREIGN KEY ("acceptor_id") REFERENCES "acceptors"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "user_regions" (
    "user_id" INTEGER NOT NULL,
    "city_name" VARCHAR(64) NOT NULL,
    "district_name" VARCHAR(64) NOT NULL DEFAULT '',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "user_regions_pkey" PRIMARY KEY ("user_id")
);
CREATE INDEX "user_regions_city_name_district_name_idx" ON "user_regions"("city_name", "district_name");

CREATE TABLE "regional_agents" (
    "user_id" INTEGER NOT NULL,
    "city_name" VARCHAR(64) NOT NULL,
    "district_name" VARCHAR(64) NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "regional_agents_pkey" PRIMARY KEY ("user_id")
);

CREATE TABLE "p2p_operator_logs" (
    "id" BIGSERIAL NOT NULL,
    "action" VARCHAR(32) NOT NULL,
    "target_type" VARCHAR(16) NOT NULL,
    "target_id" VARCHAR(64) NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "detail" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "p2p_operator_logs_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "p2p_operator_logs_target_type_target_id_idx" ON "p2p_operator_logs"("target_type", "target_id");
