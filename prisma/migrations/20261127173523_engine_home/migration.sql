-- CreateTable
CREATE TABLE "engine_home" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "host" TEXT NOT NULL,
    "dataDir" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "engine_home_pkey" PRIMARY KEY ("id")
);

-- One installation, one row.
ALTER TABLE "engine_home" ADD CONSTRAINT "engine_home_one_row" CHECK ("id" = 1);
