-- AlterTable
ALTER TABLE "fiat_deposit" ADD COLUMN     "actionExpiresAt" TIMESTAMP(3),
ADD COLUMN     "actionUrl" TEXT;
