-- Deposit addresses derived from the operator's extended public keys (BIP32): one row per user, network and
-- key, with the address index allocated once, so every address is reproducible from its key and index.
CREATE TABLE "deposit_addresses" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "network" VARCHAR(16) NOT NULL,
    "address" VARCHAR(128) NOT NULL,
    "derivation_index" INTEGER NOT NULL,
    "key_fingerprint" VARCHAR(8) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "deposit_addresses_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "deposit_addresses_network_address_key" ON "deposit_addresses"("network", "address");
CREATE UNIQUE INDEX "deposit_addresses_user_id_network_key_fingerprint_key" ON "deposit_addresses"("user_id", "network", "key_fingerprint");
CREATE UNIQUE INDEX "deposit_addresses_network_key_fingerprint_derivation_index_key" ON "deposit_addresses"("network", "key_fingerprint", "derivation_index");
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The addresses kept on wallet rows until now were keyed hashes shaped like addresses: nobody holds their
-- keys, so coins sent there are lost. Forget them; a user's next request stores their derived address.
UPDATE "wallets" SET "address" = '' WHERE "address" <> '';
