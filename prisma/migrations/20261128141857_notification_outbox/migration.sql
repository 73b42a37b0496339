-- AlterTable
ALTER TABLE "notification" ADD COLUMN     "deliveredAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "notification_deliveredAt_createdAt_idx" ON "notification"("deliveredAt", "createdAt");

-- Notices stored before the outbox were delivered when stored.
UPDATE "notification" SET "deliveredAt" = "createdAt";
