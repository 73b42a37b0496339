import { AppError } from '../../../lib/app-error.js';
import { listAudit } from '../../platform/ops-audit/ops-audit.js';
import { addBlockListItem, listBlockList, removeBlockListItem } from './blocklist-ops.js';
import {
  listAllAssets,
  listAllSymbols,
  setAsset,
  setMaintenance,
  setSymbol,
} from './catalogue-ops.js';
import type { OpsDeps } from './ops-deps.js';
import { listSpotFees, setSpotFee } from './fee-ops.js';
import { fundHouseAccount } from './house-ops.js';
import { closeCompetition, createCompetition } from './competition-ops.js';
import { addNewsItem, listNewsItems, removeNewsItem } from './news-ops.js';
import { listLegalDocuments, publishLegalDocument } from './legal-ops.js';
import { decideKyc, decideWithdrawal, listKycReviews, listOpenWithdrawals } from './review-ops.js';

/** The operator command line's words: parsing, usage and dispatch to the services. */
export const USAGE = `Operator commands (every change is audited and reaches open clients at once):

  ops asset list
  ops asset set <CODE> [--status ACTIVE|INACTIVE|MAINTENANCE] [--tags real,simulated]
  ops asset maintenance <CODE> on --message "<text for users>" | off
  ops symbol list
  ops symbol set <CODE> [--status ACTIVE|INACTIVE|HALTED] [--tags real,simulated]
  ops symbol maintenance <CODE> on --message "<text for users>" | off
  ops blocklist list
  ops blocklist add --entry "<METHOD> <path>" [--entry ...] --mask <code> --tag <tag>
  ops blocklist remove <id>
  ops fee list
  ops fee set <SYMBOL|ALL> [--maker <rate>] [--taker <rate>]     (0.001 = 0.1 %)
  ops news list [--language <lang>]
  ops news add --title "<title>" [--summary ..] [--body ..] [--category NEWS|ANNOUNCEMENT]
               [--language en|zh-CN|zh-TW|ar|fr|de|ja|ko] [--at <ISO 8601 time>]
  ops news remove <id>
  ops legal list
  ops legal publish service-terms|privacy-policy|trading-rules|about-us|law-enforcement
               --file <text file> [--language en|zh-CN|..] [--title "<title>"] [--new-version]
               (a "# Title" first line names the page; --new-version, English only, starts the
               next version: users agree again to new terms of service or privacy policy)
  ops kyc list
  ops kyc decide <application id|UID|e-mail> pass|reject|fail [--reason "<text>"]
  ops withdrawal list
  ops withdrawal approve <id> | refuse <id> [--reason "<text>"]
  ops house fund <UID|e-mail> <ASSET> <NETWORK> <amount>
  ops competition list
  ops competition create --name "<name>" --start now|<ISO time> --end +7d|+2h|+30m|<ISO time>
               --reward <rank>[-<rank>]:<ASSET>:<amount> [--reward ...] [--min-trades <n>]
               [--repeat-days <n>]   (Trade for Reward; prizes are paid in Real from the house
               account competition-rewards@exchange.local: fund it with ops house fund)
  ops competition end <id>       (ends a running period now and settles it)
  ops competition cancel <id>    (a period that has not started)
  ops audit [--entity asset|symbol|blocklist|fee|news|legal|kyc|withdrawal|fiat-withdrawal|house|competition] [--key <key>] [--limit <n>]

Options: --by <operator name> (default: the OS user) for the audit, --json for machine output,
--help. Settings as the gateway's: DATABASE_URL, REDIS_URL, REDIS_PREFIX (defaults: the exchange
that npm start runs), CHAIN_API_URL and CHAIN_CALLBACK_SECRET for house funding.
`;

export interface Parsed {
  positional: string[];
  flags: Map<string, string[]>;
}

/** `--name value` (repeatable), `--name=value`, and bare words; `--json`, `--help` and `--new-version` take none. */
export function parseArgs(argv: string[]): Parsed {
  const positional: string[] = [];
  const flags = new Map<string, string[]>();
  const add = (k: string, v: string) => flags.set(k, [...(flags.get(k) ?? []), v]);
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i] ?? '';
    if (a === '--') continue;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq > 0) add(a.slice(2, eq), a.slice(eq + 1));
      else if (a === '--json' || a === '--help' || a === '--new-version') add(a.slice(2), 'true');
      else {
        const v = argv[i + 1];
        if (v === undefined) throw new AppError('OPS_INVALID', { reason: `${a} needs a value` });
        add(a.slice(2), v);
        i += 1;
      }
    } else if (a === '-h') add('help', 'true');
    else positional.push(a);
  }
  return { positional, flags };
}

export const flag = (p: Parsed, name: string) => p.flags.get(name)?.at(-1);
const list = (v: string | undefined) =>
  v === undefined
    ? undefined
    : v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);

function need(value: string | undefined, what: string): string {
  if (!value) throw new AppError('OPS_INVALID', { reason: `missing ${what} (see --help)` });
  return value;
}

export function table(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '(none)\n';
  const cols = Object.keys(rows[0] ?? {});
  const cell = (v: unknown): string =>
    v === null || v === undefined
      ? '-'
      : typeof v === 'string'
        ? v
        : typeof v === 'number' || typeof v === 'boolean'
          ? String(v)
          : JSON.stringify(v);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (vals: string[]) =>
    vals
      .map((v, i) => v.padEnd(width[i] ?? 0))
      .join('  ')
      .trimEnd();
  return `${[line(cols), ...rows.map((r) => line(cols.map((c) => cell(r[c]))))].join('\n')}\n`;
}

/** Runs one command against the deps; returns what to print (rows or one object). */
export async function runOps(deps: OpsDeps, p: Parsed): Promise<unknown> {
  const [group, verb, a, b, c, d] = p.positional;
  switch (`${group ?? ''} ${verb ?? ''}`) {
    case 'asset list':
      return (await listAllAssets(deps)).map((x) => ({
        code: x.code,
        type: x.type,
        status: x.status,
        tags: x.tags.join(','),
        maintenance: x.maintenance?.message ?? null,
      }));
    case 'symbol list':
      return (await listAllSymbols(deps)).map((x) => ({
        code: x.code,
        status: x.status,
        tags: x.tags.join(','),
        maintenance: x.maintenance?.message ?? null,
      }));
    case 'asset set':
    case 'symbol set': {
      const input = {
        code: need(a, 'the code').toUpperCase(),
        status: flag(p, 'status')?.toUpperCase(),
        tags: list(flag(p, 'tags')),
      };
      return group === 'asset' ? setAsset(deps, input) : setSymbol(deps, input);
    }
    case 'asset maintenance':
    case 'symbol maintenance': {
      if (b !== 'on' && b !== 'off')
        throw new AppError('OPS_INVALID', { reason: 'maintenance is followed by on or off' });
      return setMaintenance(deps, {
        kind: group === 'asset' ? 'asset' : 'symbol',
        code: need(a, 'the code').toUpperCase(),
        on: b === 'on',
        message: flag(p, 'message'),
      });
    }
    case 'blocklist list':
      return listBlockList(deps);
    case 'blocklist add':
      return addBlockListItem(deps, {
        entries: p.flags.get('entry') ?? [],
        mask: Number(need(flag(p, 'mask'), '--mask')),
        tag: need(flag(p, 'tag'), '--tag'),
      });
    case 'blocklist remove':
      return removeBlockListItem(deps, Number(need(a, 'the entry id')));
    case 'fee list':
      return listSpotFees(deps);
    case 'fee set':
      return setSpotFee(deps, {
        symbol: need(a, 'the symbol (or ALL)').toUpperCase(),
        maker: flag(p, 'maker'),
        taker: flag(p, 'taker'),
      });
    case 'news list':
      return (await listNewsItems(deps, { language: flag(p, 'language') })).map(
        ({ body: _body, summary: _summary, ...rest }) => rest,
      );
    case 'news add':
      return addNewsItem(deps, {
        title: need(flag(p, 'title'), '--title'),
        summary: flag(p, 'summary'),
        body: flag(p, 'body'),
        category: flag(p, 'category')?.toUpperCase(),
        language: flag(p, 'language'),
        publishedAt: flag(p, 'at'),
      });
    case 'news remove':
      return removeNewsItem(deps, Number(need(a, 'the news id')));
    case 'legal list':
      return listLegalDocuments(deps);
    case 'legal publish':
      return publishLegalDocument(deps, {
        slug: a,
        file: need(flag(p, 'file'), '--file'),
        language: flag(p, 'language'),
        title: flag(p, 'title'),
        newVersion: p.flags.has('new-version'),
        cwd: process.env.INIT_CWD ?? process.cwd(),
      });
    case 'kyc list':
      return listKycReviews(deps);
    case 'kyc decide':
      return decideKyc(deps, {
        key: need(a, 'the application id, UID or e-mail'),
        decision: need(b, 'pass, reject or fail'),
        reason: flag(p, 'reason'),
      });
    case 'withdrawal list':
      return listOpenWithdrawals(deps);
    case 'withdrawal approve':
    case 'withdrawal refuse':
      return decideWithdrawal(deps, {
        id: need(a, 'the withdrawal id'),
        decision: verb ?? '',
        reason: flag(p, 'reason'),
      });
    case 'house fund':
      return fundHouseAccount(deps, {
        account: need(a, 'the account (UID or e-mail)'),
        asset: need(b, 'the asset'),
        network: need(c, 'the network'),
        amount: need(d, 'the amount'),
      });
    case 'competition list':
      return (await (deps.competitions?.list() ?? Promise.resolve([]))).map((x) => ({
        id: x.id,
        name: x.name,
        status: x.status,
        startsAt: x.startsAt,
        endsAt: x.endsAt,
        entrants: x.entrants,
        rewards: x.rewards
          .map(
            (r) =>
              `${r.fromRank}${r.toRank > r.fromRank ? `-${r.toRank}` : ''}:${r.asset}:${r.amount}`,
          )
          .join(' '),
        repeatDays: x.repeatDays,
      }));
    case 'competition create':
      return createCompetition(deps, {
        name: need(flag(p, 'name'), '--name'),
        start: flag(p, 'start') ?? 'now',
        end: need(flag(p, 'end'), '--end'),
        rewards: p.flags.get('reward') ?? [],
        minTrades: flag(p, 'min-trades'),
        repeatDays: flag(p, 'repeat-days'),
      });
    case 'competition end':
    case 'competition cancel':
      return closeCompetition(deps, {
        id: need(a, 'the period id'),
        how: verb === 'end' ? 'end' : 'cancel',
      });
    default:
      if (group === 'audit')
        return (
          await listAudit(deps.db, {
            entity: flag(p, 'entity'),
            key: flag(p, 'key'),
            limit: flag(p, 'limit') ? Number(flag(p, 'limit')) : undefined,
          })
        ).map((r) => ({ ...r, before: r.before, after: r.after }));
      throw new AppError('OPS_INVALID', {
        reason: `unknown command "${p.positional.join(' ')}" (see --help)`,
      });
  }
}
