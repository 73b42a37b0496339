-- CreateTable
CREATE TABLE "foreign_exchange" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "clientRequestId" TEXT NOT NULL,
    "quoteId" TEXT NOT NULL,
    "fromAsset" TEXT NOT NULL,
    "toAsset" TEXT NOT NULL,
    "sellAmount" DECIMAL(38,18) NOT NULL,
    "receiveAmount" DECIMAL(38,18) NOT NULL,
    "rate" DECIMAL(38,18) NOT NULL,
    "midRate" DECIMAL(38,18) NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "settleAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "foreign_exchange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "foreign_exchange_quoteId_key" ON "foreign_exchange"("quoteId");

-- CreateIndex
CREATE INDEX "foreign_exchange_userId_createdAt_idx" ON "foreign_exchange"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "foreign_exchange_status_settleAt_idx" ON "foreign_exchange"("status", "settleAt");

-- CreateIndex
CREATE UNIQUE INDEX "foreign_exchange_userId_clientRequestId_key" ON "foreign_exchange"("userId", "clientRequestId");
