-- Hand-written data fix, before the bounds become CHECK constraints: a strategy two racing updates left with
-- min_bid above max_bid keeps its minimum as its maximum.
UPDATE "bid_strategies" SET "max_bid" = "min_bid" WHERE "min_bid" > "max_bid";
