-- Team tree and referral rebates (issue #13): counters per user's team, team performance, the fees that pay
-- rebates and the rebates paid. See apps/api/src/modules/team.

CREATE TABLE "team_stats" (
    "user_id" INTEGER NOT NULL,
    "direct_count" INTEGER NOT NULL DEFAULT 0,
    "team_count" INTEGER NOT NULL DEFAULT 0,
    "verified_count" INTEGER NOT NULL DEFAULT 0,
    "today_verified" INTEGER NOT NULL DEFAULT 0,
    "today_date" DATE,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "team_stats_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "team_stats_counts_check" CHECK (
        "direct_count" >= 0 AND "team_count" >= "direct_count" AND "verified_count" >= 0
        AND "verified_count" <= "team_count" AND "today_verified" >= 0)
);

CREATE TABLE "team_performance" (
    "user_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "fees" DECIMAL(36,18) NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "team_performance_pkey" PRIMARY KEY ("user_id", "currency_id"),
    CONSTRAINT "team_performance_fees_check" CHECK ("fees" >= 0)
);

CREATE TABLE "team_fees" (
    "id" BIGSERIAL NOT NULL,
    "source_type" VARCHAR(16) NOT NULL,
    "source_id" BIGINT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "account" VARCHAR(8) NOT NULL,
    "amount" DECIMAL(36,18) NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settled_at" TIMESTAMPTZ(3),
    CONSTRAINT "team_fees_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "team_fees_amount_check" CHECK ("amount" > 0),
    CONSTRAINT "team_fees_status_check" CHECK ("status" IN (0, 1))
);
CREATE UNIQUE INDEX "team_fees_source_type_source_id_key" ON "team_fees"("source_type", "source_id");
CREATE INDEX "team_fees_status_id_idx" ON "team_fees"("status", "id");

CREATE TABLE "team_rebates" (
    "id" BIGSERIAL NOT NULL,
    "fee_id" BIGINT NOT NULL,
    "generation" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "from_user_id" INTEGER NOT NULL,
    "currency_id" INTEGER NOT NULL,
    "account" VARCHAR(8) NOT NULL,
    "rate" DECIMAL(9,4) NOT NULL,
    "amount" DECIMAL(36,18) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "team_rebates_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "team_rebates_amount_check" CHECK ("amount" > 0 AND "generation" >= 1)
);
CREATE UNIQUE INDEX "team_rebates_fee_id_generation_key" ON "team_rebates"("fee_id", "generation");
CREATE INDEX "team_rebates_user_id_id_idx" ON "team_rebates"("user_id", "id");

-- A level of the tree a page at a time in registration order, from the index alone (replaces the index on
-- parent_id, which this one covers).
DROP INDEX "users_parent_id_idx";
CREATE INDEX "users_parent_id_id_idx" ON "users"("parent_id", "id");

-- A user's ancestors, root first, from users.parents_path ('' for the root).
CREATE FUNCTION team_ancestors(path TEXT) RETURNS INTEGER[] LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(string_to_array(NULLIF(path, ''), ',')::INTEGER[], '{}')
$$;

-- The member counters follow the tree: a new user gets its own row, and each ancestor one more member (its
-- parent one more direct referral), in the transaction that inserts the user, whatever code does it
-- (registration, operators, the seed, the market maker). Rows are written in user_id order, as every writer
-- of team_stats does, so concurrent registrations cannot deadlock on them.
CREATE FUNCTION team_count_member() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_stats (user_id, team_count, direct_count)
  SELECT a, CASE WHEN a = NEW.id THEN 0 ELSE 1 END, CASE WHEN a = NEW.parent_id THEN 1 ELSE 0 END
  FROM unnest(team_ancestors(NEW.parents_path) || NEW.id) AS a ORDER BY a
  ON CONFLICT (user_id) DO UPDATE SET
    team_count = team_stats.team_count + EXCLUDED.team_count,
    direct_count = team_stats.direct_count + EXCLUDED.direct_count,
    updated_at = now();
  RETURN NULL;
END $$;

CREATE TRIGGER "users_team_count"
  AFTER INSERT ON "users"
  FOR EACH ROW EXECUTE FUNCTION team_count_member();

-- The verified-member counters follow identity_verifications.review_status (2 = approved) whatever code
-- changes it (registration by operators, the seed, the back office's review): +1 for each ancestor when a
-- user becomes approved, -1 when an approval is withdrawn or deleted. Ancestors' rows are locked in user_id
-- order, as every writer of team_stats does, so concurrent changes cannot deadlock on them.
CREATE FUNCTION team_count_verified() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
  was_approved BOOLEAN := TG_OP <> 'INSERT' AND OLD.review_status = 2;
  is_approved BOOLEAN := TG_OP <> 'DELETE' AND NEW.review_status = 2;
  member INTEGER := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
  step INTEGER;
  ancestors INTEGER[];
BEGIN
  IF was_approved = is_approved THEN RETURN NULL; END IF;
  step := CASE WHEN is_approved THEN 1 ELSE -1 END;
  SELECT team_ancestors(parents_path) INTO ancestors FROM users WHERE id = member;
  IF ancestors IS NULL OR cardinality(ancestors) = 0 THEN RETURN NULL; END IF;
  PERFORM 1 FROM team_stats WHERE user_id = ANY(ancestors) ORDER BY user_id FOR UPDATE;
  UPDATE team_stats SET
    verified_count = verified_count + step,
    today_verified = CASE
      WHEN step < 0 THEN today_verified
      WHEN today_date = (now() AT TIME ZONE 'UTC')::date THEN today_verified + 1
      ELSE 1 END,
    today_date = CASE WHEN step < 0 THEN today_date ELSE (now() AT TIME ZONE 'UTC')::date END,
    updated_at = now()
  WHERE user_id = ANY(ancestors);
  RETURN NULL;
END $$;

CREATE TRIGGER "identity_verifications_team_count"
  AFTER INSERT OR DELETE OR UPDATE OF "review_status" ON "identity_verifications"
  FOR EACH ROW EXECUTE FUNCTION team_count_verified();

-- Counters of the users who exist already, from the tree as it stands.
INSERT INTO "team_stats" ("user_id", "direct_count", "team_count", "verified_count")
SELECT u.id,
  (SELECT count(*) FROM users c WHERE c.parent_id = u.id),
  COALESCE(t.members, 0),
  COALESCE(t.verified, 0)
FROM users u
LEFT JOIN (
  SELECT a.ancestor, count(*) AS members, count(*) FILTER (WHERE v.review_status = 2) AS verified
  FROM users m
  CROSS JOIN LATERAL unnest(team_ancestors(m.parents_path)) AS a(ancestor)
  LEFT JOIN identity_verifications v ON v.user_id = m.id
  GROUP BY a.ancestor
) t ON t.ancestor = u.id;
