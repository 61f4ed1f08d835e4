-- P2P appeal statements from both parties (issue #15, branch appealmsg). The appellant's reason becomes the
-- first row when an order is appealed (existing appeals get theirs copied below); either party adds more
-- while the appeal is open. Append-only: the operator decides on what was said.
CREATE TABLE "p2p_appeal_messages" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "body" VARCHAR(500) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "p2p_appeal_messages_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "p2p_appeal_messages_body_check" CHECK (length(btrim("body")) > 0)
);
CREATE INDEX "p2p_appeal_messages_order_id_id_idx" ON "p2p_appeal_messages"("order_id", "id");
ALTER TABLE "p2p_appeal_messages" ADD CONSTRAINT "p2p_appeal_messages_order_id_fkey"
    FOREIGN KEY ("order_id") REFERENCES "p2p_orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "p2p_appeal_messages" ADD CONSTRAINT "p2p_appeal_messages_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Appeals opened before this table existed: their reason is the first statement.
INSERT INTO "p2p_appeal_messages" ("order_id", "user_id", "body", "created_at")
SELECT "id", "appeal_by", left("appeal_reason", 500), "updated_at"
FROM "p2p_orders"
WHERE "appeal_state" <> 0 AND "appeal_by" IS NOT NULL AND length(btrim("appeal_reason")) > 0
ORDER BY "id";

CREATE FUNCTION "p2p_appeal_messages_append_only"() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'p2p_appeal_messages is append-only: % refused', TG_OP;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "p2p_appeal_messages_no_update_delete"
    BEFORE UPDATE OR DELETE ON "p2p_appeal_messages"
    FOR EACH ROW EXECUTE FUNCTION "p2p_appeal_messages_append_only"();
