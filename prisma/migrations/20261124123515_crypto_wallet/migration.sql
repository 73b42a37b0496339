-- CreateEnum
CREATE TYPE "NetworkKind" AS ENUM ('BITCOIN', 'EVM', 'TRON');

-- CreateEnum
CREATE TYPE "CoinStatus" AS ENUM ('STABLE', 'UNSTABLE', 'MAINTENANCE');

-- CreateEnum
CREATE TYPE "CryptoDepositState" AS ENUM ('CONFIRMING', 'UNAVAILABLE', 'DELAYED', 'AVAILABLE', 'DROPPED', 'BELOW_MINIMUM');

-- CreateTable
CREATE TABLE "asset_network" (
    "asset" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "NetworkKind" NOT NULL,
    "tokenStandard" TEXT,
    "contract" TEXT,
    "depositEnabled" BOOLEAN NOT NULL DEFAULT true,
    "withdrawEnabled" BOOLEAN NOT NULL DEFAULT true,
    "coinStatus" "CoinStatus" NOT NULL DEFAULT 'STABLE',
    "confirmations" INTEGER NOT NULL,
    "minDeposit" DECIMAL(38,18) NOT NULL,
    "minWithdrawal" DECIMAL(38,18) NOT NULL,
    "withdrawalGasFee" DECIMAL(38,18) NOT NULL,
    "chainDecimals" INTEGER NOT NULL,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "asset_network_pkey" PRIMARY KEY ("asset","network")
);

-- CreateTable
CREATE TABLE "deposit_address" (
    "userId" UUID NOT NULL,
    "kind" "NetworkKind" NOT NULL,
    "userIndex" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "deposit_address_pkey" PRIMARY KEY ("userId","kind")
);

-- CreateTable
CREATE TABLE "crypto_deposit" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "asset" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "txId" TEXT NOT NULL,
    "outputIndex" INTEGER NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "state" "CryptoDepositState" NOT NULL,
    "confirmations" INTEGER NOT NULL,
    "confirmationsRequired" INTEGER NOT NULL,
    "blockHeight" INTEGER NOT NULL,
    "blockHash" TEXT NOT NULL,
    "reviewStartedAt" TIMESTAMP(3),
    "reviewDueAt" TIMESTAMP(3),
    "retryAt" TIMESTAMP(3),
    "retries" INTEGER NOT NULL DEFAULT 0,
    "creditedAt" TIMESTAMP(3),
    "withdrawableAt" TIMESTAMP(3),
    "ledgerTxId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "crypto_deposit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chain_callback_event" (
    "eventId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chain_callback_event_pkey" PRIMARY KEY ("eventId")
);

-- CreateIndex
CREATE INDEX "asset_network_network_idx" ON "asset_network"("network");

-- CreateIndex
CREATE UNIQUE INDEX "deposit_address_address_key" ON "deposit_address"("address");

-- CreateIndex
CREATE INDEX "crypto_deposit_userId_createdAt_idx" ON "crypto_deposit"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "crypto_deposit_userId_asset_withdrawableAt_idx" ON "crypto_deposit"("userId", "asset", "withdrawableAt");

-- CreateIndex
CREATE UNIQUE INDEX "crypto_deposit_network_txId_outputIndex_key" ON "crypto_deposit"("network", "txId", "outputIndex");

-- A deposit is a positive amount; confirmations count up from the block holding it.
ALTER TABLE "crypto_deposit" ADD CONSTRAINT "crypto_deposit_amount_positive" CHECK ("amount" > 0);
ALTER TABLE "crypto_deposit" ADD CONSTRAINT "crypto_deposit_confirmations_positive" CHECK ("confirmations" >= 1);
-- Limits are never negative.
ALTER TABLE "asset_network" ADD CONSTRAINT "asset_network_limits_non_negative"
  CHECK ("minDeposit" >= 0 AND "minWithdrawal" >= 0 AND "withdrawalGasFee" >= 0 AND "confirmations" >= 1);
