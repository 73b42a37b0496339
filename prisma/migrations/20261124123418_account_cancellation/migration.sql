-- AlterTable
ALTER TABLE "app_user" ADD COLUMN     "cancellationUnderReview" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "cancelledAt" TIMESTAMP(3),
ADD COLUMN     "cancelledEmail" TEXT;

-- CreateTable
CREATE TABLE "account_cancellation" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "note" TEXT,
    "proofFileIds" UUID[],
    "email" TEXT NOT NULL,
    "submittedAt" TIMESTAMP(3) NOT NULL,
    "decideAt" TIMESTAMP(3) NOT NULL,
    "latestAt" TIMESTAMP(3) NOT NULL,
    "decidedAt" TIMESTAMP(3),
    "failureReason" TEXT,
    "failureDetail" JSONB,
    "withdrawnAt" TIMESTAMP(3),

    CONSTRAINT "account_cancellation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "account_cancellation_userId_submittedAt_idx" ON "account_cancellation"("userId", "submittedAt" DESC);

-- CreateIndex
CREATE INDEX "app_user_cancelledEmail_idx" ON "app_user"("cancelledEmail");

-- AddForeignKey
ALTER TABLE "account_cancellation" ADD CONSTRAINT "account_cancellation_userId_fkey" FOREIGN KEY ("userId") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- At most one request under review per account (Prisma cannot express a partial unique index).
CREATE UNIQUE INDEX "account_cancellation_one_under_review" ON "account_cancellation"("userId") WHERE "status" = 'UNDER_REVIEW';
-- Known states only.
ALTER TABLE "account_cancellation" ADD CONSTRAINT "account_cancellation_status_check" CHECK ("status" IN ('UNDER_REVIEW', 'WITHDRAWN', 'FAILED', 'SUCCESS'));
