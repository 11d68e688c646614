-- The rate-limit counters (no REDIS_URL) are kept without WAL: an UNLOGGED table. They are a few minutes'
-- windows, recounted from nothing after a crash (PostgreSQL empties an unlogged table when it recovers),
-- as the Redis store is, which keeps nothing on disk. In exchange a statement that only counts (an order's
-- quote, a sign-in's check) writes no WAL and its commit waits for no disk flush; every other table keeps
-- its WAL and its durable commits.
ALTER TABLE "rate_limits" SET UNLOGGED;
