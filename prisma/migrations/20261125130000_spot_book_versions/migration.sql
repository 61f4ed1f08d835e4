-- How many matcher batches have changed each spot book (issue #16): `market_depth` pushes and the REST depth
-- answer carry it, so a client keeps whichever of the two is newer.

CREATE TABLE "spot_book_versions" (
    "match_id" INTEGER NOT NULL,
    "version" BIGINT NOT NULL,
    CONSTRAINT "spot_book_versions_pkey" PRIMARY KEY ("match_id")
);
