-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "EntityType" AS ENUM ('INDIVIDUAL', 'INSTITUTION');

-- CreateEnum
CREATE TYPE "AssetType" AS ENUM ('FIAT', 'COIN');

-- CreateEnum
CREATE TYPE "AssetStatus" AS ENUM ('ACTIVE', 'INACTIVE', 'MAINTENANCE');

-- CreateEnum
CREATE TYPE "SymbolStatus" AS ENUM ('ACTIVE', 'INACTIVE', 'HALTED');

-- CreateTable
CREATE TABLE "asset" (
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "decimals" INTEGER NOT NULL,
    "type" "AssetType" NOT NULL,
    "category" TEXT,
    "sign" TEXT,
    "status" "AssetStatus" NOT NULL DEFAULT 'ACTIVE',
    "tags" TEXT[],
    "isMainFiat" BOOLEAN NOT NULL DEFAULT false,
    "isCommonFiat" BOOLEAN NOT NULL DEFAULT false,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "referencePriceUsd" DECIMAL(36,18) NOT NULL,
    "marketCap" DECIMAL(36,2),
    "overview" TEXT,
    "publishTime" TIMESTAMP(3),
    "publishPrice" DECIMAL(36,18),
    "totalSupply" DECIMAL(36,8),
    "circulatingSupply" DECIMAL(36,8),
    "maxSupply" DECIMAL(36,8),
    "links" JSONB NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "asset_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "trading_symbol" (
    "code" TEXT NOT NULL,
    "status" "SymbolStatus" NOT NULL DEFAULT 'ACTIVE',
    "tags" TEXT[],
    "baseAssetCode" TEXT NOT NULL,
    "counterAssetCode" TEXT NOT NULL,
    "baseDecimals" INTEGER NOT NULL,
    "counterDecimals" INTEGER NOT NULL,
    "tickSize" DECIMAL(36,18) NOT NULL,
    "stepSize" DECIMAL(36,18) NOT NULL,
    "minQty" DECIMAL(36,18) NOT NULL,
    "minNotional" DECIMAL(36,18) NOT NULL,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "trading_symbol_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "block_list_item" (
    "id" SERIAL NOT NULL,
    "entries" JSONB NOT NULL,
    "maskCode" INTEGER NOT NULL,
    "targetTag" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "block_list_item_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "app_user" (
    "id" UUID NOT NULL,
    "uid" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT,
    "entityType" "EntityType" NOT NULL DEFAULT 'INDIVIDUAL',
    "kycLevel" INTEGER,
    "language" TEXT NOT NULL DEFAULT 'en',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "app_user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "session" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "accessTokenHash" TEXT NOT NULL,
    "accessExpiresAt" TIMESTAMP(3) NOT NULL,
    "refreshTokenHash" TEXT,
    "refreshExpiresAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "revokedReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "news_item" (
    "id" SERIAL NOT NULL,
    "language" TEXT NOT NULL DEFAULT 'en',
    "category" TEXT NOT NULL DEFAULT 'NEWS',
    "title" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "publishedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "news_item_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "client_event" (
    "id" BIGSERIAL NOT NULL,
    "userId" UUID,
    "category" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "label" TEXT,
    "value" DOUBLE PRECISION,
    "nonInteraction" BOOLEAN NOT NULL DEFAULT false,
    "transport" TEXT,
    "screen" TEXT,
    "device" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "client_event_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "app_user_uid_key" ON "app_user"("uid");

-- CreateIndex
CREATE UNIQUE INDEX "app_user_email_key" ON "app_user"("email");

-- CreateIndex
CREATE UNIQUE INDEX "session_accessTokenHash_key" ON "session"("accessTokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "session_refreshTokenHash_key" ON "session"("refreshTokenHash");

-- CreateIndex
CREATE INDEX "session_userId_idx" ON "session"("userId");

-- CreateIndex
CREATE INDEX "news_item_language_publishedAt_idx" ON "news_item"("language", "publishedAt" DESC);

-- CreateIndex
CREATE INDEX "client_event_createdAt_idx" ON "client_event"("createdAt");

-- AddForeignKey
ALTER TABLE "trading_symbol" ADD CONSTRAINT "trading_symbol_baseAssetCode_fkey" FOREIGN KEY ("baseAssetCode") REFERENCES "asset"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trading_symbol" ADD CONSTRAINT "trading_symbol_counterAssetCode_fkey" FOREIGN KEY ("counterAssetCode") REFERENCES "asset"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "session" ADD CONSTRAINT "session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
