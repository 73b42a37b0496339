-- CreateTable
CREATE TABLE "partner_bank_fee" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "state" TEXT NOT NULL,
    "ledgerTxId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "settledAt" TIMESTAMP(3),

    CONSTRAINT "partner_bank_fee_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "partner_bank_fee_userId_state_idx" ON "partner_bank_fee"("userId", "state");

-- CreateIndex
CREATE UNIQUE INDEX "partner_bank_fee_accountId_kind_period_key" ON "partner_bank_fee"("accountId", "kind", "period");
