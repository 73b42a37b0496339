-- AlterTable
ALTER TABLE "app_user" ADD COLUMN     "isHouse" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "simulated_candle" (
    "mode" INTEGER NOT NULL,
    "symbol" TEXT NOT NULL,
    "interval" TEXT NOT NULL,
    "openTime" TIMESTAMP(3) NOT NULL,
    "open" DECIMAL(38,18) NOT NULL,
    "high" DECIMAL(38,18) NOT NULL,
    "low" DECIMAL(38,18) NOT NULL,
    "close" DECIMAL(38,18) NOT NULL,
    "volume" DECIMAL(38,18) NOT NULL,
    "quote" DECIMAL(38,18) NOT NULL,

    CONSTRAINT "simulated_candle_pkey" PRIMARY KEY ("mode","symbol","interval","openTime")
);

-- CreateTable
CREATE TABLE "simulated_history" (
    "mode" INTEGER NOT NULL,
    "symbol" TEXT NOT NULL,
    "simulatedSince" TIMESTAMP(3) NOT NULL,
    "simulatedUntil" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "simulated_history_pkey" PRIMARY KEY ("mode","symbol")
);
