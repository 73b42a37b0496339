import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AGREEMENTS, languageCode, legalDocumentSlug } from '@exchange/contracts';
import { AppError } from '../../../lib/app-error.js';
import { writeAudit } from '../../platform/ops-audit/ops-audit.js';
import type { OpsDeps } from './ops-deps.js';

export interface LegalRow {
  slug: string;
  version: number;
  language: string;
  title: string;
  characters: number;
  publishedAt: string;
}

const view = (r: {
  slug: string;
  version: number;
  language: string;
  title: string;
  body: string;
  publishedAt: Date;
}): LegalRow => ({
  slug: r.slug,
  version: r.version,
  language: r.language,
  title: r.title,
  characters: r.body.length,
  publishedAt: r.publishedAt.toISOString(),
});

/** Every text of every version, newest version first. */
export async function listLegalDocuments(deps: Pick<OpsDeps, 'db'>): Promise<LegalRow[]> {
  const rows = await deps.db.legalDocument.findMany({
    orderBy: [{ slug: 'asc' }, { version: 'desc' }, { language: 'asc' }],
  });
  return rows.map(view);
}

/**
 * A page's title and body from a text file: the first line when it is a "# " heading (unless
 * --title says otherwise), then the rest. Paragraphs are separated by blank lines; "## " starts a
 * heading and "- " an item of a list.
 */
export function parseLegalText(
  text: string,
  title: string | undefined,
): { title: string; body: string } {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let heading: string | undefined;
  if (lines[0]?.startsWith('# ')) heading = lines.shift()?.slice(2).trim();
  const body = lines.join('\n').trim();
  const chosen = (title ?? heading ?? '').trim();
  if (!chosen)
    throw new AppError('OPS_INVALID', {
      reason: 'give the page a --title or start the file with a "# Title" line',
    });
  if (!body) throw new AppError('OPS_INVALID', { reason: 'the file has no text' });
  return { title: chosen, body };
}

/**
 * Publishes a legal page's text in one language. With `newVersion` (English only) it starts the
 * next version: the other languages show the English text until theirs is published, and for
 * the terms of service and the privacy policy every user is asked to agree again. Without it, it
 * sets or corrects the text of the current version in that language (nobody is asked again).
 */
export async function publishLegalDocument(
  deps: OpsDeps,
  input: {
    slug: string | undefined;
    file: string;
    language?: string | undefined;
    title?: string | undefined;
    newVersion: boolean;
    /** Where a relative --file is read from (the directory npm was started in). */
    cwd: string;
  },
): Promise<LegalRow> {
  const slug = legalDocumentSlug.safeParse(input.slug);
  if (!slug.success)
    throw new AppError('OPS_INVALID', {
      reason: `the page is one of ${legalDocumentSlug.options.join(', ')}`,
    });
  const language = languageCode.safeParse(input.language ?? 'en');
  if (!language.success)
    throw new AppError('OPS_INVALID', {
      reason: `language is one of ${languageCode.options.join(', ')}`,
    });
  if (input.newVersion && language.data !== 'en')
    throw new AppError('OPS_INVALID', {
      reason: 'a new version starts with its English text (--language en)',
    });
  let text: string;
  try {
    text = await readFile(path.resolve(input.cwd, input.file), 'utf8');
  } catch (err) {
    throw new AppError('OPS_INVALID', {
      reason: `cannot read ${input.file}: ${(err as Error).message}`,
    });
  }
  const { title, body } = parseLegalText(text, input.title);
  const at = deps.clock.date();
  return deps.db.$transaction(async (tx) => {
    const latest = await tx.legalDocument.findFirst({
      where: { slug: slug.data },
      orderBy: { version: 'desc' },
      select: { version: true },
    });
    const version = input.newVersion || !latest ? (latest?.version ?? 0) + 1 : latest.version;
    const key = { slug: slug.data, version, language: language.data };
    const before = await tx.legalDocument.findUnique({ where: { slug_version_language: key } });
    const row = await tx.legalDocument.upsert({
      where: { slug_version_language: key },
      create: { ...key, title, body, publishedAt: at },
      update: { title, body, publishedAt: at },
    });
    await writeAudit(tx, {
      actor: deps.actor,
      entity: 'legal',
      entityKey: `${slug.data}/${version}/${language.data}`,
      action: before ? 'correct' : version > (latest?.version ?? 0) ? 'new-version' : 'translate',
      before: before ? view(before) : null,
      after: {
        ...view(row),
        asksAgain: (AGREEMENTS as readonly string[]).includes(slug.data) && !before && version > 1,
      },
      at,
    });
    return view(row);
  });
}
