-- AlterTable
ALTER TABLE "asset" ADD COLUMN     "maintenanceMessage" TEXT,
ADD COLUMN     "maintenanceSince" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "trading_symbol" ADD COLUMN     "maintenanceMessage" TEXT,
ADD COLUMN     "maintenanceSince" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "ops_audit" (
    "id" BIGSERIAL NOT NULL,
    "actor" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "entityKey" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ops_audit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ops_audit_createdAt_idx" ON "ops_audit"("createdAt" DESC);

-- CreateIndex
CREATE INDEX "ops_audit_entity_entityKey_idx" ON "ops_audit"("entity", "entityKey");
