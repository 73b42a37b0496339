-- AlterTable
ALTER TABLE "trading_symbol" ADD COLUMN     "makerFeeRate" DECIMAL(10,8) NOT NULL DEFAULT 0,
ADD COLUMN     "takerFeeRate" DECIMAL(10,8) NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "app_user" ADD COLUMN     "engineId" SERIAL NOT NULL;

-- CreateTable
CREATE TABLE "spot_order" (
    "id" BIGSERIAL NOT NULL,
    "userId" UUID NOT NULL,
    "mode" INTEGER NOT NULL,
    "symbol" TEXT NOT NULL,
    "clientOrderId" TEXT,
    "side" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "timeInForce" TEXT,
    "price" DECIMAL(38,18),
    "quantity" DECIMAL(38,18),
    "quoteAmount" DECIMAL(38,18),
    "icebergSize" DECIMAL(38,18),
    "triggerPrice" DECIMAL(38,18),
    "triggerDirection" TEXT,
    "trailingDelta" DECIMAL(38,18),
    "activationPrice" DECIMAL(38,18),
    "status" TEXT NOT NULL,
    "rejectCode" INTEGER,
    "filledQuantity" DECIMAL(38,18) NOT NULL DEFAULT 0,
    "filledQuote" DECIMAL(38,18) NOT NULL DEFAULT 0,
    "fee" DECIMAL(38,18) NOT NULL DEFAULT 0,
    "feeAsset" TEXT,
    "makerFills" INTEGER NOT NULL DEFAULT 0,
    "takerFills" INTEGER NOT NULL DEFAULT 0,
    "frozenAsset" TEXT NOT NULL,
    "frozenRemaining" DECIMAL(38,18) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "spot_order_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "spot_trade" (
    "id" BIGSERIAL NOT NULL,
    "shard" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "mode" INTEGER NOT NULL,
    "symbol" TEXT NOT NULL,
    "price" DECIMAL(38,18) NOT NULL,
    "quantity" DECIMAL(38,18) NOT NULL,
    "quoteAmount" DECIMAL(38,18) NOT NULL,
    "takerSide" TEXT NOT NULL,
    "makerOrderId" BIGINT NOT NULL,
    "takerOrderId" BIGINT NOT NULL,
    "makerUserId" UUID NOT NULL,
    "takerUserId" UUID NOT NULL,
    "makerFee" DECIMAL(38,18) NOT NULL,
    "takerFee" DECIMAL(38,18) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "spot_trade_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "engine_cursor" (
    "shard" TEXT NOT NULL,
    "lastSeq" INTEGER NOT NULL,

    CONSTRAINT "engine_cursor_pkey" PRIMARY KEY ("shard")
);

-- CreateIndex
CREATE INDEX "spot_order_userId_mode_status_idx" ON "spot_order"("userId", "mode", "status");

-- CreateIndex
CREATE INDEX "spot_order_userId_mode_createdAt_idx" ON "spot_order"("userId", "mode", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "spot_order_userId_mode_clientOrderId_key" ON "spot_order"("userId", "mode", "clientOrderId");

-- CreateIndex
CREATE INDEX "spot_trade_mode_symbol_createdAt_idx" ON "spot_trade"("mode", "symbol", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "spot_trade_makerUserId_mode_createdAt_idx" ON "spot_trade"("makerUserId", "mode", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "spot_trade_takerUserId_mode_createdAt_idx" ON "spot_trade"("takerUserId", "mode", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "spot_trade_shard_seq_key" ON "spot_trade"("shard", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "app_user_engineId_key" ON "app_user"("engineId");
