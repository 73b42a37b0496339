-- AlterTable
ALTER TABLE "fiat_deposit" ADD COLUMN     "returnReference" TEXT,
ADD COLUMN     "returnedAt" TIMESTAMP(3);
