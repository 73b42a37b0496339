-- CreateTable
CREATE TABLE "partner_bank_account" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "bankReference" TEXT,
    "accountNumber" TEXT,
    "accountName" TEXT,
    "ekycUrl" TEXT,
    "ekycExpiresAt" TIMESTAMP(3),
    "ekycLinks" INTEGER NOT NULL DEFAULT 0,
    "failureReason" TEXT,
    "openingFeeChargedAt" TIMESTAMP(3),
    "monthlyFeeChargedFor" TIMESTAMP(3),
    "openedAt" TIMESTAMP(3),
    "activatedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "partner_bank_account_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bank_account" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "holderName" TEXT NOT NULL,
    "accountNumber" TEXT NOT NULL,
    "bankName" TEXT NOT NULL,
    "bankCode" TEXT NOT NULL,
    "swiftCode" TEXT NOT NULL,
    "bankAddress" TEXT NOT NULL,
    "linked" BOOLEAN NOT NULL DEFAULT true,
    "verifiedAt" TIMESTAMP(3),
    "firstTransferAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "bank_account_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bank_account_currency" (
    "userId" UUID NOT NULL,
    "currency" TEXT NOT NULL,
    "bankAccountId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "bank_account_currency_pkey" PRIMARY KEY ("userId","currency")
);

-- CreateTable
CREATE TABLE "fiat_deposit" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "channel" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "fee" DECIMAL(38,18) NOT NULL,
    "credited" DECIMAL(38,18) NOT NULL,
    "state" TEXT NOT NULL,
    "payerName" TEXT,
    "payerAccountNumber" TEXT,
    "payerBankCode" TEXT,
    "payerSwiftCode" TEXT,
    "bankAccountId" UUID,
    "cardLast4" TEXT,
    "cardBrand" TEXT,
    "reviewDueAt" TIMESTAMP(3),
    "creditedAt" TIMESTAMP(3),
    "ledgerTxId" UUID,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "fiat_deposit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "fiat_withdrawal" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "clientRequestId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "estimatedFee" DECIMAL(38,18) NOT NULL,
    "estimatedReceived" DECIMAL(38,18) NOT NULL,
    "actualFee" DECIMAL(38,18),
    "bankAccountId" UUID NOT NULL,
    "accountName" TEXT NOT NULL,
    "swiftCode" TEXT NOT NULL,
    "bankState" TEXT,
    "bankCity" TEXT,
    "recipientAddress" TEXT,
    "recipientCity" TEXT,
    "recipientState" TEXT,
    "recipientZip" TEXT,
    "transitBankName" TEXT,
    "transitSwiftCode" TEXT,
    "status" TEXT NOT NULL,
    "reviewDueAt" TIMESTAMP(3) NOT NULL,
    "releaseAt" TIMESTAMP(3),
    "scheduledFor" TIMESTAMP(3),
    "bankTransferId" TEXT,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "fiat_withdrawal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "fiat_agreement" (
    "userId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "acceptedAt" TIMESTAMP(3) NOT NULL,
    "ip" TEXT,

    CONSTRAINT "fiat_agreement_pkey" PRIMARY KEY ("userId","kind","version")
);

-- CreateTable
CREATE TABLE "fiat_callback_event" (
    "party" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fiat_callback_event_pkey" PRIMARY KEY ("party","eventId")
);

-- CreateIndex
CREATE UNIQUE INDEX "partner_bank_account_userId_key" ON "partner_bank_account"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "partner_bank_account_bankReference_key" ON "partner_bank_account"("bankReference");

-- CreateIndex
CREATE UNIQUE INDEX "partner_bank_account_accountNumber_key" ON "partner_bank_account"("accountNumber");

-- CreateIndex
CREATE INDEX "partner_bank_account_status_idx" ON "partner_bank_account"("status");

-- CreateIndex
CREATE INDEX "bank_account_userId_idx" ON "bank_account"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "bank_account_userId_accountNumber_swiftCode_key" ON "bank_account"("userId", "accountNumber", "swiftCode");

-- CreateIndex
CREATE INDEX "bank_account_currency_bankAccountId_idx" ON "bank_account_currency"("bankAccountId");

-- CreateIndex
CREATE INDEX "fiat_deposit_userId_createdAt_idx" ON "fiat_deposit"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "fiat_deposit_state_idx" ON "fiat_deposit"("state");

-- CreateIndex
CREATE UNIQUE INDEX "fiat_deposit_channel_externalId_key" ON "fiat_deposit"("channel", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "fiat_withdrawal_bankTransferId_key" ON "fiat_withdrawal"("bankTransferId");

-- CreateIndex
CREATE INDEX "fiat_withdrawal_userId_createdAt_idx" ON "fiat_withdrawal"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "fiat_withdrawal_status_idx" ON "fiat_withdrawal"("status");

-- CreateIndex
CREATE UNIQUE INDEX "fiat_withdrawal_userId_clientRequestId_key" ON "fiat_withdrawal"("userId", "clientRequestId");

-- AddForeignKey
ALTER TABLE "bank_account_currency" ADD CONSTRAINT "bank_account_currency_bankAccountId_fkey" FOREIGN KEY ("bankAccountId") REFERENCES "bank_account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
