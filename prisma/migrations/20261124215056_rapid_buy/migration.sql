-- CreateTable
CREATE TABLE "rapid_buy" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "mode" INTEGER NOT NULL,
    "clientRequestId" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "usdRequested" DECIMAL(38,18) NOT NULL,
    "orderId" BIGINT,
    "quotedPrice" DECIMAL(38,18),
    "quotedAmount" DECIMAL(38,18),
    "limitPrice" DECIMAL(38,18),
    "usdFilled" DECIMAL(38,18) NOT NULL DEFAULT 0,
    "usdtReceived" DECIMAL(38,18) NOT NULL DEFAULT 0,
    "fee" DECIMAL(38,18) NOT NULL DEFAULT 0,
    "averagePrice" DECIMAL(38,18),
    "state" TEXT NOT NULL,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "rapid_buy_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "rapid_buy_orderId_key" ON "rapid_buy"("orderId");

-- CreateIndex
CREATE INDEX "rapid_buy_userId_mode_createdAt_idx" ON "rapid_buy"("userId", "mode", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "rapid_buy_userId_mode_clientRequestId_key" ON "rapid_buy"("userId", "mode", "clientRequestId");
