-- CreateEnum
CREATE TYPE "KycStatus" AS ENUM ('NOT_SUBMITTED', 'AFOOT', 'PASS', 'REJECT', 'FAILED');

-- CreateTable
CREATE TABLE "kyc_application" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "kind" "EntityType" NOT NULL,
    "status" "KycStatus" NOT NULL DEFAULT 'NOT_SUBMITTED',
    "draft" JSONB NOT NULL DEFAULT '{}',
    "draftUpdatedAt" TIMESTAMP(3),
    "step1" JSONB,
    "step1SubmittedAt" TIMESTAMP(3),
    "step2" JSONB,
    "submittedAt" TIMESTAMP(3),
    "reference" TEXT,
    "reason" TEXT,
    "decidedAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "bankLinkedAt" TIMESTAMP(3),
    "depositedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "kyc_application_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "kyc_provider_event" (
    "eventId" TEXT NOT NULL,
    "applicationId" UUID NOT NULL,
    "reference" TEXT NOT NULL,
    "decision" "KycStatus" NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "kyc_provider_event_pkey" PRIMARY KEY ("eventId")
);

-- CreateTable
CREATE TABLE "kyc_limit_usage" (
    "id" BIGSERIAL NOT NULL,
    "userId" UUID NOT NULL,
    "usd" DECIMAL(36,18) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "kyc_limit_usage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "kyc_application_userId_key" ON "kyc_application"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "kyc_application_reference_key" ON "kyc_application"("reference");

-- CreateIndex
CREATE INDEX "kyc_limit_usage_userId_createdAt_idx" ON "kyc_limit_usage"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "kyc_application" ADD CONSTRAINT "kyc_application_userId_fkey" FOREIGN KEY ("userId") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
