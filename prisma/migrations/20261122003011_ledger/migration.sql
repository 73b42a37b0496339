-- CreateTable
CREATE TABLE "balance" (
    "accountId" TEXT NOT NULL,
    "mode" INTEGER NOT NULL,
    "asset" TEXT NOT NULL,
    "available" DECIMAL(38,18) NOT NULL DEFAULT 0,
    "frozen" DECIMAL(38,18) NOT NULL DEFAULT 0,
    "isSystem" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "balance_pkey" PRIMARY KEY ("accountId","mode","asset")
);

-- CreateTable
CREATE TABLE "ledger_entry" (
    "id" BIGSERIAL NOT NULL,
    "txId" UUID NOT NULL,
    "accountId" TEXT NOT NULL,
    "mode" INTEGER NOT NULL,
    "asset" TEXT NOT NULL,
    "bucket" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "flowType" INTEGER NOT NULL,
    "refType" TEXT NOT NULL,
    "refId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_entry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mode_enrollment" (
    "userId" UUID NOT NULL,
    "mode" INTEGER NOT NULL,
    "fundedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resetCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "mode_enrollment_pkey" PRIMARY KEY ("userId","mode")
);

-- CreateIndex
CREATE INDEX "balance_mode_asset_idx" ON "balance"("mode", "asset");

-- CreateIndex
CREATE INDEX "ledger_entry_accountId_mode_createdAt_idx" ON "ledger_entry"("accountId", "mode", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "ledger_entry_txId_idx" ON "ledger_entry"("txId");

-- CreateIndex
CREATE INDEX "ledger_entry_mode_asset_idx" ON "ledger_entry"("mode", "asset");

-- Balances of user accounts never go below zero, whatever the application does.
ALTER TABLE "balance" ADD CONSTRAINT "balance_non_negative"
  CHECK ("isSystem" OR ("available" >= 0 AND "frozen" >= 0));
-- Entries are immutable history.
CREATE FUNCTION ledger_entry_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries cannot be changed or deleted';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER ledger_entry_no_update BEFORE UPDATE OR DELETE ON "ledger_entry"
  FOR EACH ROW EXECUTE FUNCTION ledger_entry_immutable();
