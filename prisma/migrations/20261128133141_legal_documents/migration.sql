-- CreateTable
CREATE TABLE "legal_document" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "language" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "publishedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "legal_document_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agreement_acceptance" (
    "userId" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "acceptedAt" TIMESTAMP(3) NOT NULL,
    "ip" TEXT,

    CONSTRAINT "agreement_acceptance_pkey" PRIMARY KEY ("userId","slug","version")
);

-- CreateIndex
CREATE UNIQUE INDEX "legal_document_slug_version_language_key" ON "legal_document"("slug", "version", "language");

-- AddForeignKey
ALTER TABLE "agreement_acceptance" ADD CONSTRAINT "agreement_acceptance_userId_fkey" FOREIGN KEY ("userId") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
