-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "NetworkKind" ADD VALUE 'SOLANA';
ALTER TYPE "NetworkKind" ADD VALUE 'XRPL';

-- Every catalogue pair trades in Real too: SOL and XRP on their own chains, HKRE and PCRED as
-- ERC-20 tokens. Only rows still carrying the seed's Demo/Trial-only tags change: an operator's
-- own choice is kept.
UPDATE "asset" SET "tags" = ARRAY['real', 'simulated']
 WHERE "code" IN ('SOL', 'XRP', 'HKRE', 'PCRED') AND "tags" = ARRAY['simulated'];
UPDATE "trading_symbol" SET "tags" = ARRAY['real', 'simulated']
 WHERE "code" IN ('SOL_USDT', 'XRP_USDT', 'HKRE_USDT', 'PCRED_USDT') AND "tags" = ARRAY['simulated'];
