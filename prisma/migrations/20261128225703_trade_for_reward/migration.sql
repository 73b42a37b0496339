-- CreateTable
CREATE TABLE "competition_period" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "minTrades" INTEGER NOT NULL DEFAULT 1,
    "rewards" JSONB NOT NULL,
    "startingFunds" JSONB NOT NULL,
    "repeatDays" INTEGER,
    "cancelledAt" TIMESTAMP(3),
    "settledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "competition_period_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "competition_entry" (
    "periodId" INTEGER NOT NULL,
    "userId" UUID NOT NULL,
    "joinedAt" TIMESTAMP(3) NOT NULL,
    "startEquityUsd" DECIMAL(38,18) NOT NULL,
    "finalEquityUsd" DECIMAL(38,18),
    "finalReturnPct" DECIMAL(38,18),
    "finalTrades" INTEGER,
    "rank" INTEGER,
    "rewardAsset" TEXT,
    "rewardAmount" DECIMAL(38,18),
    "rewardPaidAt" TIMESTAMP(3),

    CONSTRAINT "competition_entry_pkey" PRIMARY KEY ("periodId","userId")
);

-- CreateIndex
CREATE INDEX "competition_period_endsAt_idx" ON "competition_period"("endsAt");

-- CreateIndex
CREATE INDEX "competition_entry_userId_idx" ON "competition_entry"("userId");

-- AddForeignKey
ALTER TABLE "competition_entry" ADD CONSTRAINT "competition_entry_periodId_fkey" FOREIGN KEY ("periodId") REFERENCES "competition_period"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
