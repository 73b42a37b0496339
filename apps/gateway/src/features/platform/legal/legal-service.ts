import {
  AGREEMENTS,
  type AgreementSlug,
  type AgreementVersion,
  type CurrentAgreements,
  type LegalDocument,
  type LegalDocumentSlug,
  type PendingAgreements,
} from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';

/** The languages to read a text in, best first: the reader's, then English. */
const readingOrder = (language: string) => (language === 'en' ? ['en'] : [language, 'en']);

/** The newest version of each document that has one. */
export async function latestVersions(db: Db): Promise<Map<string, number>> {
  const rows = await db.legalDocument.groupBy({ by: ['slug'], _max: { version: true } });
  return new Map(rows.map((r) => [r.slug, r._max.version ?? 0]));
}

/** A document's newest version, in the reader's language or else in English. */
export async function readDocument(
  db: Db,
  slug: LegalDocumentSlug,
  language: string,
): Promise<LegalDocument> {
  const latest = await db.legalDocument.findFirst({
    where: { slug },
    orderBy: { version: 'desc' },
    select: { version: true },
  });
  if (!latest) throw new AppError('NOT_FOUND');
  const texts = await db.legalDocument.findMany({
    where: { slug, version: latest.version, language: { in: readingOrder(language) } },
  });
  const text = texts.find((t) => t.language === language) ?? texts.find((t) => t.language === 'en');
  if (!text) throw new AppError('NOT_FOUND');
  return {
    slug,
    version: text.version,
    language: text.language,
    fallback: text.language !== language,
    title: text.title,
    body: text.body,
    publishedAt: text.publishedAt.toISOString(),
  };
}

/** The agreements in force (those with a published text), with their titles. */
export async function currentAgreements(db: Db, language: string): Promise<CurrentAgreements> {
  const versions = await latestVersions(db);
  const inForce = AGREEMENTS.filter((slug) => (versions.get(slug) ?? 0) > 0);
  const texts = await db.legalDocument.findMany({
    where: {
      OR: inForce.map((slug) => ({ slug, version: versions.get(slug) ?? 0 })),
      language: { in: readingOrder(language) },
    },
    select: { slug: true, language: true, title: true },
  });
  return inForce.map((slug) => {
    const title =
      texts.find((t) => t.slug === slug && t.language === language)?.title ??
      texts.find((t) => t.slug === slug)?.title ??
      slug;
    return { slug, version: versions.get(slug) ?? 0, title };
  });
}

/** The agreements in force the user has not agreed to at their current version. */
export async function pendingAgreements(
  db: Db,
  userId: string,
  language: string,
): Promise<PendingAgreements> {
  const current = await currentAgreements(db, language);
  if (current.length === 0) return [];
  const agreed = await db.agreementAcceptance.groupBy({
    by: ['slug'],
    where: { userId, slug: { in: current.map((c) => c.slug) } },
    _max: { version: true },
  });
  const newest = new Map(agreed.map((a) => [a.slug, a._max.version ?? null]));
  return current
    .filter((c) => newest.get(c.slug) !== c.version)
    .map((c) => ({ ...c, agreedVersion: newest.get(c.slug) ?? null }));
}

/**
 * What a user agrees to must be exactly the agreements in force at their current versions: none
 * missing (AGREEMENTS_NOT_ACCEPTED at sign-up), none at another version (AGREEMENTS_CHANGED: a
 * new version was published while the page was open). Returns the versions to record.
 */
export async function checkAgreed(
  db: Db,
  accepted: readonly AgreementVersion[],
  opts: { all: boolean },
): Promise<AgreementVersion[]> {
  const versions = await latestVersions(db);
  if (!AGREEMENTS.some((slug) => versions.has(slug))) return [];
  const given = new Map<AgreementSlug, number>(accepted.map((a) => [a.slug, a.version]));
  const out: AgreementVersion[] = [];
  for (const slug of AGREEMENTS) {
    const current = versions.get(slug);
    if (current === undefined) continue;
    const version = given.get(slug);
    if (version === undefined) {
      if (opts.all) throw new AppError('AGREEMENTS_NOT_ACCEPTED');
      continue;
    }
    if (version !== current) throw new AppError('AGREEMENTS_CHANGED');
    out.push({ slug, version });
  }
  if (out.length === 0) throw new AppError('AGREEMENTS_NOT_ACCEPTED');
  return out;
}

/** Records a signed-in user's agreement to the current versions (again after a new one). */
export async function acceptAgreements(
  db: Db,
  input: { userId: string; accepted: readonly AgreementVersion[]; ip: string; at: Date },
): Promise<void> {
  const agreed = await checkAgreed(db, input.accepted, { all: false });
  await db.agreementAcceptance.createMany({
    data: agreed.map((a) => ({ userId: input.userId, ...a, acceptedAt: input.at, ip: input.ip })),
    skipDuplicates: true,
  });
}
