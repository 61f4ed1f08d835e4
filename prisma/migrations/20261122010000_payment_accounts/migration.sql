-- Payment accounts: what c2c counterparties pay to, and the bank card of third-party withdrawals.

CREATE TABLE "user_cash_info" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "real_name" VARCHAR(64) NOT NULL,
    "bank_name" VARCHAR(100) NOT NULL,
    "bank_account" VARCHAR(64) NOT NULL,
    "alipay_account" VARCHAR(100) NOT NULL,
    "wechat_nickname" VARCHAR(64) NOT NULL,
    "wechat_account" VARCHAR(100) NOT NULL,
    "wechat_collect" TEXT NOT NULL,
    "alipay_collect" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "user_cash_info_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "user_cash_info_user_id_key" ON "user_cash_info"("user_id");
ALTER TABLE "user_cash_info" ADD CONSTRAINT "user_cash_info_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "user_banks" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "receive_name" VARCHAR(50) NOT NULL,
    "receive_account" VARCHAR(50) NOT NULL,
    "bank_name" VARCHAR(64) NOT NULL,
    "bank_code" VARCHAR(16) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "user_banks_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "user_banks_user_id_key" ON "user_banks"("user_id");
ALTER TABLE "user_banks" ADD CONSTRAINT "user_banks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
