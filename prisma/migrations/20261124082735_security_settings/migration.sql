-- AlterTable
ALTER TABLE "app_user" ADD COLUMN     "securityLockedUntil" TIMESTAMP(3),
ADD COLUMN     "totpLastStep" INTEGER,
ADD COLUMN     "totpLinkedAt" TIMESTAMP(3),
ADD COLUMN     "totpPendingExpiresAt" TIMESTAMP(3),
ADD COLUMN     "totpPendingSecret" TEXT,
ADD COLUMN     "totpSecret" TEXT;
