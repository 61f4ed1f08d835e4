-- Operator console (issue #15): operator accounts (never users), their sessions, and the append-only audit
-- trail of what they changed. The trail is written in the same transaction as each change; the trigger at
-- the end refuses every UPDATE, DELETE and TRUNCATE of it, whoever asks.

CREATE TABLE "operators" (
    "id" SERIAL NOT NULL,
    "login" VARCHAR(64) NOT NULL,
    "password_hash" TEXT NOT NULL,
    "role" VARCHAR(16) NOT NULL,
    "totp_secret" VARCHAR(64),
    "totp_pending" VARCHAR(64),
    "totp_enabled_at" TIMESTAMPTZ(3),
    "totp_last_counter" BIGINT NOT NULL DEFAULT 0,
    "disabled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "operators_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "operators_role_check" CHECK ("role" IN ('viewer', 'support', 'finance', 'admin'))
);
CREATE UNIQUE INDEX "operators_login_key" ON "operators"("login");

CREATE TABLE "operator_sessions" (
    "id" BIGSERIAL NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "totp_passed" BOOLEAN NOT NULL DEFAULT false,
    "ip" VARCHAR(64) NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "operator_sessions_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "operator_sessions_token_hash_key" ON "operator_sessions"("token_hash");
CREATE INDEX "operator_sessions_operator_id_idx" ON "operator_sessions"("operator_id");
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_fkey"
    FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "operator_audit_trail" (
    "id" BIGSERIAL NOT NULL,
    "operator_id" INTEGER,
    "action" VARCHAR(48) NOT NULL,
    "target_type" VARCHAR(24) NOT NULL,
    "target_id" VARCHAR(64) NOT NULL DEFAULT '',
    "before" JSONB,
    "after" JSONB,
    "reason" TEXT NOT NULL DEFAULT '',
    "request_id" VARCHAR(32) NOT NULL DEFAULT '',
    "ip" VARCHAR(64) NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "operator_audit_trail_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "operator_audit_trail_created_at_idx" ON "operator_audit_trail"("created_at");
CREATE INDEX "operator_audit_trail_target_type_target_id_idx" ON "operator_audit_trail"("target_type", "target_id");
ALTER TABLE "operator_audit_trail" ADD CONSTRAINT "operator_audit_trail_operator_id_fkey"
    FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE FUNCTION "operator_audit_trail_append_only"() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'operator_audit_trail is append-only: % refused', TG_OP;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "operator_audit_trail_no_update_delete"
    BEFORE UPDATE OR DELETE ON "operator_audit_trail"
    FOR EACH ROW EXECUTE FUNCTION "operator_audit_trail_append_only"();
CREATE TRIGGER "operator_audit_trail_no_truncate"
    BEFORE TRUNCATE ON "operator_audit_trail"
    FOR EACH STATEMENT EXECUTE FUNCTION "operator_audit_trail_append_only"();
