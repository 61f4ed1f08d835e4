-- The withdrawal signer: the withdrawals operators approved for it, its hot wallets with their next nonce,
-- each nonce given away (once, to one withdrawal), and every transaction it signed, stored before broadcast.
CREATE TABLE "chain_withdrawals" (
    "withdrawal_id" INTEGER NOT NULL,
    "network" VARCHAR(16) NOT NULL,
    "state" VARCHAR(16) NOT NULL,
    "request" VARCHAR(16) NOT NULL DEFAULT '',
    "hot_address" VARCHAR(64) NOT NULL DEFAULT '',
    "nonce" BIGINT,
    "signed_height" BIGINT,
    "note" TEXT NOT NULL DEFAULT '',
    "approved_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "chain_withdrawals_pkey" PRIMARY KEY ("withdrawal_id")
);
CREATE INDEX "chain_withdrawals_network_state_idx" ON "chain_withdrawals"("network", "state");
ALTER TABLE "chain_withdrawals" ADD CONSTRAINT "chain_withdrawals_withdrawal_id_fkey" FOREIGN KEY ("withdrawal_id") REFERENCES "withdrawals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "chain_hot_wallets" (
    "network" VARCHAR(16) NOT NULL,
    "address" VARCHAR(64) NOT NULL,
    "chain_id" VARCHAR(32) NOT NULL,
    "next_nonce" BIGINT NOT NULL,
    "assets" JSONB NOT NULL,
    "balances" JSONB NOT NULL DEFAULT '{}',
    "head_height" BIGINT NOT NULL DEFAULT 0,
    "seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "chain_hot_wallets_pkey" PRIMARY KEY ("network", "address")
);

CREATE TABLE "chain_nonces" (
    "network" VARCHAR(16) NOT NULL,
    "address" VARCHAR(64) NOT NULL,
    "nonce" BIGINT NOT NULL,
    "withdrawal_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "chain_nonces_pkey" PRIMARY KEY ("network", "address", "nonce")
);
CREATE INDEX "chain_nonces_withdrawal_id_idx" ON "chain_nonces"("withdrawal_id");
ALTER TABLE "chain_nonces" ADD CONSTRAINT "chain_nonces_network_address_fkey" FOREIGN KEY ("network", "address") REFERENCES "chain_hot_wallets"("network", "address") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "chain_nonces" ADD CONSTRAINT "chain_nonces_withdrawal_id_fkey" FOREIGN KEY ("withdrawal_id") REFERENCES "chain_withdrawals"("withdrawal_id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "chain_transfers" (
    "id" SERIAL NOT NULL,
    "withdrawal_id" INTEGER NOT NULL,
    "network" VARCHAR(16) NOT NULL,
    "chain_id" VARCHAR(32) NOT NULL,
    "kind" VARCHAR(16) NOT NULL,
    "from_address" VARCHAR(64) NOT NULL,
    "nonce" BIGINT NOT NULL,
    "to_address" VARCHAR(64) NOT NULL,
    "recipient" VARCHAR(64) NOT NULL,
    "currency" VARCHAR(16) NOT NULL,
    "units" DECIMAL(78,0) NOT NULL,
    "gas_limit" DECIMAL(78,0) NOT NULL,
    "max_fee_per_gas" DECIMAL(78,0) NOT NULL,
    "max_priority_fee_per_gas" DECIMAL(78,0) NOT NULL,
    "tx_hash" VARCHAR(66) NOT NULL,
    "raw" TEXT NOT NULL,
    "state" VARCHAR(16) NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "block_height" BIGINT,
    "block_hash" VARCHAR(66),
    "broadcast_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "chain_transfers_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "chain_transfers_tx_hash_key" ON "chain_transfers"("tx_hash");
CREATE INDEX "chain_transfers_withdrawal_id_nonce_idx" ON "chain_transfers"("withdrawal_id", "nonce");
CREATE INDEX "chain_transfers_network_state_idx" ON "chain_transfers"("network", "state");
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_withdrawal_id_fkey" FOREIGN KEY ("withdrawal_id") REFERENCES "chain_withdrawals"("withdrawal_id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_network_from_address_nonce_fkey" FOREIGN KEY ("network", "from_address", "nonce") REFERENCES "chain_nonces"("network", "address", "nonce") ON DELETE RESTRICT ON UPDATE CASCADE;
