-- DropIndex
DROP INDEX "kyc_limit_usage_userId_createdAt_idx";

-- AlterTable
ALTER TABLE "kyc_limit_usage" ADD COLUMN     "permission" TEXT NOT NULL DEFAULT 'SPOT_TRADE';

-- CreateIndex
CREATE INDEX "kyc_limit_usage_userId_permission_createdAt_idx" ON "kyc_limit_usage"("userId", "permission", "createdAt");
