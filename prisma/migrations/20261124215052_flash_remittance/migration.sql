-- CreateTable
CREATE TABLE "flash_whitelist" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "recipientUserId" UUID NOT NULL,
    "note" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "flash_whitelist_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "flash_remittance" (
    "id" UUID NOT NULL,
    "senderId" UUID NOT NULL,
    "recipientId" UUID NOT NULL,
    "clientRequestId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" DECIMAL(38,18) NOT NULL,
    "note" TEXT NOT NULL,
    "message" TEXT,
    "status" TEXT NOT NULL,
    "terminationReason" TEXT,
    "rejectReason" TEXT,
    "fee" DECIMAL(38,18),
    "cdcAmount" DECIMAL(38,18),
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "decidedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "flash_remittance_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "flash_whitelist_userId_createdAt_idx" ON "flash_whitelist"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "flash_whitelist_userId_recipientUserId_key" ON "flash_whitelist"("userId", "recipientUserId");

-- CreateIndex
CREATE INDEX "flash_remittance_senderId_createdAt_idx" ON "flash_remittance"("senderId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "flash_remittance_recipientId_createdAt_idx" ON "flash_remittance"("recipientId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "flash_remittance_status_expiresAt_idx" ON "flash_remittance"("status", "expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "flash_remittance_senderId_clientRequestId_key" ON "flash_remittance"("senderId", "clientRequestId");
