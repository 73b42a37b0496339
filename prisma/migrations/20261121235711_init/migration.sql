-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

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

-- AddForeignKey
ALTER TABLE "trading_symbol" ADD CONSTRAINT "trading_symbol_baseAssetCode_fkey" FOREIGN KEY ("baseAssetCode") REFERENCES "asset"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trading_symbol" ADD CONSTRAINT "trading_symbol_counterAssetCode_fkey" FOREIGN KEY ("counterAssetCode") REFERENCES "asset"("code") ON DELETE RESTRICT ON UPDATE CASCADE;
