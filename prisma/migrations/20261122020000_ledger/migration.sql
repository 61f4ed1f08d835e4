-- The ledger: account log, house entries, deposits, withdrawals, payment orders, withdraw addresses.

CREATE TABLE "account_logs" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "account" VARCHAR(8) NOT NULL,
    "is_lock" BOOLEAN NOT NULL DEFAULT false,
    "delta" DECIMAL(36,18) NOT NULL,
    "balance_after" DECIMAL(36,18) NOT NULL,
    "type" INTEGER NOT NULL,
    "ref_type" VARCHAR(24) NOT NULL DEFAULT '',
    "ref_id" VARCHAR(64) NOT NULL DEFAULT '',
    "memo" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "account_logs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "account_logs_account_check" CHECK ("account" IN ('change', 'legal', 'lever', 'micro')),
    CONSTRAINT "account_logs_balance_after_check" CHECK ("balance_after" >= 0)
);
CREATE INDEX "account_logs_user_id_currency_id_account_id_idx" ON "account_logs"("user_id", "currency_id", "account", "id");
CREATE INDEX "account_logs_user_id_type_id_idx" ON "account_logs"("user_id", "type", "id");
ALTER TABLE "account_logs" ADD CONSTRAINT "account_logs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "account_logs" ADD CONSTRAINT "account_logs_currency_id_fkey" FOREIGN KEY ("currency_id") REFERENCES "currencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "house_entries" (
    "id" BIGSERIAL NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "account" VARCHAR(16) NOT NULL,
    "delta" DECIMAL(36,18) NOT NULL,
    "type" INTEGER NOT NULL,
    "ref_type" VARCHAR(24) NOT NULL DEFAULT '',
    "ref_id" VARCHAR(64) NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "house_entries_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "house_entries_currency_id_account_idx" ON "house_entries"("currency_id", "account");
ALTER TABLE "house_entries" ADD CONSTRAINT "house_entries_currency_id_fkey" FOREIGN KEY ("currency_id") REFERENCES "currencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "deposits" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "amount" DECIMAL(36,18) NOT NULL,
    "source" VARCHAR(16) NOT NULL,
    "external_id" VARCHAR(128) NOT NULL,
    "from_address" VARCHAR(128) NOT NULL DEFAULT '',
    "status" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmed_at" TIMESTAMPTZ(3),
    CONSTRAINT "deposits_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "deposits_amount_positive" CHECK ("amount" > 0)
);
CREATE UNIQUE INDEX "deposits_source_external_id_key" ON "deposits"("source", "external_id");
CREATE INDEX "deposits_user_id_id_idx" ON "deposits"("user_id", "id");
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_currency_id_fkey" FOREIGN KEY ("currency_id") REFERENCES "currencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "withdrawals" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "channel" VARCHAR(16) NOT NULL,
    "address" VARCHAR(128) NOT NULL,
    "memo" VARCHAR(128) NOT NULL DEFAULT '',
    "number" DECIMAL(36,18) NOT NULL,
    "rate" DECIMAL(36,18) NOT NULL,
    "real_number" DECIMAL(36,18) NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 1,
    "txid" VARCHAR(128) NOT NULL DEFAULT '',
    "notes" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "withdrawals_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "withdrawals_amounts_check" CHECK ("number" > 0 AND "rate" >= 0 AND "real_number" > 0 AND "real_number" = "number" - "rate")
);
CREATE INDEX "withdrawals_user_id_id_idx" ON "withdrawals"("user_id", "id");
CREATE INDEX "withdrawals_status_idx" ON "withdrawals"("status");
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_currency_id_fkey" FOREIGN KEY ("currency_id") REFERENCES "currencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "payment_orders" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "amount" DECIMAL(36,18) NOT NULL,
    "pay_type" INTEGER NOT NULL,
    "bank_code" VARCHAR(16) NOT NULL DEFAULT '',
    "provider" VARCHAR(16) NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paid_at" TIMESTAMPTZ(3),
    CONSTRAINT "payment_orders_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "payment_orders_user_id_id_idx" ON "payment_orders"("user_id", "id");
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_currency_id_fkey" FOREIGN KEY ("currency_id") REFERENCES "currencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "withdraw_addresses" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "coin_name" VARCHAR(16) NOT NULL,
    "contract_address" VARCHAR(32) NOT NULL DEFAULT '',
    "address" VARCHAR(128) NOT NULL,
    "memo" VARCHAR(128) NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "withdraw_addresses_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "withdraw_addresses_user_id_currency_id_address_key" ON "withdraw_addresses"("user_id", "currency_id", "address");
ALTER TABLE "withdraw_addresses" ADD CONSTRAINT "withdraw_addresses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "withdraw_addresses" ADD CONSTRAINT "withdraw_addresses_currency_id_fkey" FOREIGN KEY ("currency_id") REFERENCES "currencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
