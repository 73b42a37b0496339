-- CreateTable
CREATE TABLE "convert_order" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "mode" INTEGER NOT NULL,
    "clientRequestId" TEXT NOT NULL,
    "quoteId" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "side" TEXT NOT NULL,
    "fromAsset" TEXT NOT NULL,
    "toAsset" TEXT NOT NULL,
    "fromAmount" DECIMAL(38,18) NOT NULL,
    "quotedToAmount" DECIMAL(38,18) NOT NULL,
    "limitPrice" DECIMAL(38,18) NOT NULL,
    "orderId" BIGINT,
    "failureCode" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "convert_order_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "convert_order_quoteId_key" ON "convert_order"("quoteId");

-- CreateIndex
CREATE UNIQUE INDEX "convert_order_orderId_key" ON "convert_order"("orderId");

-- CreateIndex
CREATE INDEX "convert_order_userId_mode_createdAt_idx" ON "convert_order"("userId", "mode", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "convert_order_userId_mode_clientRequestId_key" ON "convert_order"("userId", "mode", "clientRequestId");
