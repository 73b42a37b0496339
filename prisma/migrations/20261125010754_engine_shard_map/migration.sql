-- AlterTable
ALTER TABLE "trading_symbol" ADD COLUMN     "engineShard" TEXT NOT NULL DEFAULT '0';

-- A shard name is also part of Redis keys and of ledger references (`<shard>:<seq>`).
ALTER TABLE "trading_symbol" ADD CONSTRAINT "trading_symbol_engine_shard_format"
  CHECK ("engineShard" ~ '^[A-Za-z0-9_-]{1,32}$');
