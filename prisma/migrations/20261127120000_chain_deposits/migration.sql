-- The chain watcher: the deposits it found (once per network, tx hash and log index), where it has got to,
-- and the recent blocks it processed (to find where a reorganisation forked).
CREATE TABLE "chain_deposits" (
    "id" SERIAL NOT NULL,
    "deposit_id" INTEGER NOT NULL,
    "network" VARCHAR(16) NOT NULL,
    "tx_hash" VARCHAR(100) NOT NULL,
    "log_index" INTEGER NOT NULL,
    "block_height" BIGINT NOT NULL,
    "block_hash" VARCHAR(100) NOT NULL,
    "to_address" VARCHAR(128) NOT NULL,
    "amount" DECIMAL(36,18) NOT NULL,
    "confirmations" INTEGER NOT NULL,
    "state" VARCHAR(16) NOT NULL,
    "credited_at" TIMESTAMPTZ(3),
    "reorged_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "chain_deposits_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "chain_deposits_deposit_id_key" ON "chain_deposits"("deposit_id");
CREATE UNIQUE INDEX "chain_deposits_network_tx_hash_log_index_key" ON "chain_deposits"("network", "tx_hash", "log_index");
CREATE INDEX "chain_deposits_network_state_block_height_idx" ON "chain_deposits"("network", "state", "block_height");
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_deposit_id_fkey" FOREIGN KEY ("deposit_id") REFERENCES "deposits"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "chain_cursors" (
    "network" VARCHAR(16) NOT NULL,
    "chain_id" VARCHAR(32) NOT NULL,
    "height" BIGINT NOT NULL,
    "block_hash" VARCHAR(100) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "chain_cursors_pkey" PRIMARY KEY ("network")
);

CREATE TABLE "chain_blocks" (
    "network" VARCHAR(16) NOT NULL,
    "height" BIGINT NOT NULL,
    "hash" VARCHAR(100) NOT NULL,
    "parent_hash" VARCHAR(100) NOT NULL,
    CONSTRAINT "chain_blocks_pkey" PRIMARY KEY ("network", "height")
);
