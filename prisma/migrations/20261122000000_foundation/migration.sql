-- Foundation: users and sign-in, verification codes, identity, uploads, settings, news, currencies, pairs, wallets.

CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "account_number" VARCHAR(100) NOT NULL,
    "email" VARCHAR(100),
    "phone" VARCHAR(32),
    "area_code" VARCHAR(8) NOT NULL DEFAULT '',
    "area_code_id" INTEGER NOT NULL DEFAULT 0,
    "nationality" VARCHAR(64) NOT NULL DEFAULT '',
    "extension_code" VARCHAR(16) NOT NULL,
    "authorization_code" VARCHAR(32) NOT NULL,
    "parent_id" INTEGER,
    "parents_path" TEXT NOT NULL DEFAULT '',
    "type" INTEGER NOT NULL DEFAULT 1,
    "is_seller" INTEGER NOT NULL DEFAULT 0,
    "locale" VARCHAR(8) NOT NULL DEFAULT 'en',
    "status" INTEGER NOT NULL DEFAULT 0,
    "lock_time" TIMESTAMPTZ(3),
    "password_hash" TEXT NOT NULL,
    "trade_password_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "users_account_number_key" ON "users"("account_number");
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");
CREATE UNIQUE INDEX "users_phone_key" ON "users"("phone");
CREATE UNIQUE INDEX "users_extension_code_key" ON "users"("extension_code");
CREATE UNIQUE INDEX "users_authorization_code_key" ON "users"("authorization_code");
CREATE INDEX "users_parent_id_idx" ON "users"("parent_id");
ALTER TABLE "users" ADD CONSTRAINT "users_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "sessions" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "ip" VARCHAR(64) NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions"("token_hash");
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "verification_codes" (
    "id" BIGSERIAL NOT NULL,
    "destination" VARCHAR(120) NOT NULL,
    "scene" VARCHAR(32) NOT NULL,
    "code_hash" CHAR(64) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "consumed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "verification_codes_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "verification_codes_destination_scene_created_at_idx" ON "verification_codes"("destination", "scene", "created_at");

CREATE TABLE "message_outbox" (
    "id" BIGSERIAL NOT NULL,
    "channel" VARCHAR(8) NOT NULL,
    "to" VARCHAR(120) NOT NULL,
    "scene" VARCHAR(32) NOT NULL,
    "code" VARCHAR(16) NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "message_outbox_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "message_outbox_to_created_at_idx" ON "message_outbox"("to", "created_at");

CREATE TABLE "identity_verifications" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "card_id" VARCHAR(64) NOT NULL,
    "front_pic" TEXT NOT NULL,
    "reverse_pic" TEXT NOT NULL,
    "hand_pic" TEXT NOT NULL,
    "review_status" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "identity_verifications_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "identity_verifications_user_id_key" ON "identity_verifications"("user_id");
CREATE UNIQUE INDEX "identity_verifications_card_id_key" ON "identity_verifications"("card_id");
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "uploads" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "file_name" VARCHAR(120) NOT NULL,
    "sha256" CHAR(64) NOT NULL,
    "mime" VARCHAR(64) NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "uploads_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "uploads_file_name_key" ON "uploads"("file_name");
CREATE INDEX "uploads_user_id_idx" ON "uploads"("user_id");
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "settings" (
    "key" VARCHAR(64) NOT NULL,
    "value" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "settings_pkey" PRIMARY KEY ("key")
);

CREATE TABLE "news_categories" (
    "id" INTEGER NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    CONSTRAINT "news_categories_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "news" (
    "id" SERIAL NOT NULL,
    "c_id" INTEGER NOT NULL,
    "lang" VARCHAR(8) NOT NULL,
    "title" VARCHAR(200) NOT NULL,
    "abstract" TEXT NOT NULL DEFAULT '',
    "content" TEXT NOT NULL DEFAULT '',
    "thumbnail" TEXT NOT NULL DEFAULT '',
    "cover" TEXT NOT NULL DEFAULT '',
    "sorts" INTEGER NOT NULL DEFAULT 0,
    "create_time" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_time" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "news_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "news_c_id_lang_sorts_idx" ON "news"("c_id", "lang", "sorts");
ALTER TABLE "news" ADD CONSTRAINT "news_c_id_fkey" FOREIGN KEY ("c_id") REFERENCES "news_categories"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "currencies" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(16) NOT NULL,
    "full_name" VARCHAR(64) NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "sort" INTEGER NOT NULL DEFAULT 0,
    "logo" TEXT NOT NULL DEFAULT '',
    "is_display" INTEGER NOT NULL DEFAULT 1,
    "is_legal" INTEGER NOT NULL DEFAULT 0,
    "is_lever" INTEGER NOT NULL DEFAULT 0,
    "is_match" INTEGER NOT NULL DEFAULT 1,
    "is_micro" INTEGER NOT NULL DEFAULT 0,
    "show_legal" INTEGER NOT NULL DEFAULT 0,
    "chain_type" VARCHAR(16) NOT NULL DEFAULT '',
    "decimal_scale" INTEGER NOT NULL DEFAULT 8,
    "min_number" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "max_number" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "rate" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "price" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "rmb_relation" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "micro_trade_fee" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "micro_min" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "micro_max" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "micro_holdtrade_max" INTEGER NOT NULL DEFAULT 0,
    "currency_type" INTEGER NOT NULL DEFAULT 3,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "currencies_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "currencies_name_key" ON "currencies"("name");

CREATE TABLE "currency_matches" (
    "id" SERIAL NOT NULL,
    "legal_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "is_display" INTEGER NOT NULL DEFAULT 1,
    "market_from" INTEGER NOT NULL DEFAULT 1,
    "open_transaction" INTEGER NOT NULL DEFAULT 1,
    "open_coin_trade" INTEGER NOT NULL DEFAULT 1,
    "open_lever" INTEGER NOT NULL DEFAULT 0,
    "open_microtrade" INTEGER NOT NULL DEFAULT 0,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "category" INTEGER NOT NULL DEFAULT 1,
    "price_decimals" INTEGER NOT NULL DEFAULT 2,
    "amount_decimals" INTEGER NOT NULL DEFAULT 4,
    "min_amount" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "maker_fee" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "taker_fee" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "micro_trade_fee" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "lever_share_num" DECIMAL(36,18) NOT NULL DEFAULT 1,
    "spread" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "overnight" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "lever_trade_fee" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "lever_min_share" INTEGER NOT NULL DEFAULT 1,
    "lever_max_share" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "currency_matches_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "currency_matches_legal_id_currency_id_key" ON "currency_matches"("legal_id", "currency_id");
ALTER TABLE "currency_matches" ADD CONSTRAINT "currency_matches_legal_id_fkey" FOREIGN KEY ("legal_id") REFERENCES "currencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "currency_matches" ADD CONSTRAINT "currency_matches_currency_id_fkey" FOREIGN KEY ("currency_id") REFERENCES "currencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "wallets" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "change_balance" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "lock_change_balance" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "legal_balance" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "lock_legal_balance" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "lever_balance" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "lock_lever_balance" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "micro_balance" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "lock_micro_balance" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "address" VARCHAR(128) NOT NULL DEFAULT '',
    CONSTRAINT "wallets_pkey" PRIMARY KEY ("id"),
    -- The last guard of the ledger: no column of any account may ever go below zero.
    CONSTRAINT "wallets_no_negative_balance" CHECK (
        "change_balance" >= 0 AND "lock_change_balance" >= 0 AND
        "legal_balance" >= 0 AND "lock_legal_balance" >= 0 AND
        "lever_balance" >= 0 AND "lock_lever_balance" >= 0 AND
        "micro_balance" >= 0 AND "lock_micro_balance" >= 0)
);
CREATE UNIQUE INDEX "wallets_user_id_currency_id_key" ON "wallets"("user_id", "currency_id");
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_currency_id_fkey" FOREIGN KEY ("currency_id") REFERENCES "currencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
