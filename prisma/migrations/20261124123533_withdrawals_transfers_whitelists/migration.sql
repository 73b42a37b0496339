-- CreateTable
CREATE TABLE "whitelist_address" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "asset" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "memo" TEXT,
    "note" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "usableFrom" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "whitelist_address_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "whitelist_uid" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "uid" TEXT NOT NULL,
    "note" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "usableFrom" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "whitelist_uid_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "withdrawal_setting" (
    "userId" UUID NOT NULL,
    "addressWhitelistOnly" BOOLEAN NOT NULL DEFAULT false,
    "uidWhitelistOnly" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "withdrawal_setting_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "internal_transfer" (
    "id" UUID NOT NULL,
    "fromUserId" UUID NOT NULL,
    "toUserId" UUID NOT NULL,
    "clientRequestId" TEXT NOT NULL,
    "mode" INTEGER NOT NULL,
    "asset" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "internal_transfer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "crypto_withdrawal" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "clientRequestId" TEXT NOT NULL,
    "mode" INTEGER NOT NULL,
    "asset" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "memo" TEXT,
    "amount" DECIMAL(38,18) NOT NULL,
    "fee" DECIMAL(38,18) NOT NULL,
    "gasFee" DECIMAL(38,18) NOT NULL,
    "status" TEXT NOT NULL,
    "reviewDecision" TEXT,
    "reviewDueAt" TIMESTAMP(3) NOT NULL,
    "batchAt" TIMESTAMP(3),
    "txId" TEXT,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "crypto_withdrawal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "whitelist_address_userId_createdAt_idx" ON "whitelist_address"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "whitelist_address_userId_network_address_asset_key" ON "whitelist_address"("userId", "network", "address", "asset");

-- CreateIndex
CREATE INDEX "whitelist_uid_userId_createdAt_idx" ON "whitelist_uid"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "whitelist_uid_userId_uid_key" ON "whitelist_uid"("userId", "uid");

-- CreateIndex
CREATE INDEX "internal_transfer_fromUserId_createdAt_idx" ON "internal_transfer"("fromUserId", "createdAt");

-- CreateIndex
CREATE INDEX "internal_transfer_toUserId_createdAt_idx" ON "internal_transfer"("toUserId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "internal_transfer_fromUserId_clientRequestId_key" ON "internal_transfer"("fromUserId", "clientRequestId");

-- CreateIndex
CREATE INDEX "crypto_withdrawal_userId_createdAt_idx" ON "crypto_withdrawal"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "crypto_withdrawal_status_idx" ON "crypto_withdrawal"("status");

-- CreateIndex
CREATE UNIQUE INDEX "crypto_withdrawal_userId_clientRequestId_key" ON "crypto_withdrawal"("userId", "clientRequestId");

-- The states of contracts withdrawal.ts, and amounts that are never zero or negative.
ALTER TABLE "crypto_withdrawal" ADD CONSTRAINT "crypto_withdrawal_status" CHECK (status IN ('REVIEW', 'WAITING_BATCH', 'BROADCASTING', 'BROADCAST', 'COMPLETED', 'REFUSED', 'FAILED', 'CANCELLED'));
ALTER TABLE "crypto_withdrawal" ADD CONSTRAINT "crypto_withdrawal_amounts" CHECK (amount > 0 AND fee >= 0 AND "gasFee" >= 0 AND amount > fee + "gasFee");
ALTER TABLE "internal_transfer" ADD CONSTRAINT "internal_transfer_amount" CHECK (amount > 0 AND "fromUserId" <> "toUserId");
