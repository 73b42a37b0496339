import {
  WHITELIST_MAX_ENTRIES,
  type StepUpFields,
  type WhitelistAddress,
  type WhitelistAddressRequest,
  type WhitelistSettings,
  type WhitelistSettingsRequest,
  type WhitelistUid,
  type WhitelistUidRequest,
} from '@exchange/contracts';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/app-error.js';
import { requireStepUp } from '../../identity/security/step-up.js';
import { checkNote, isUniqueViolation } from './money-out-checks.js';
import type { OutDeps } from './withdrawal-deps.js';

const HOUR = 3_600_000;
type Deps = Pick<OutDeps, 'db' | 'clock' | 'redis' | 'env' | 'box' | 'networks' | 'config'>;

const stepUp = (deps: Deps, userId: string, codes: StepUpFields) =>
  requireStepUp(deps, userId, { totp: codes.googleCode, emailCode: codes.emailCode });

const coolingEnd = (deps: Deps) => new Date(deps.clock.now() + deps.config.coolingHours * HOUR);

function addressView(
  row: {
    id: string;
    asset: string;
    network: string;
    address: string;
    memo: string | null;
    note: string;
    createdAt: Date;
    usableFrom: Date;
  },
  clock: Clock,
): WhitelistAddress {
  return {
    id: row.id,
    asset: row.asset,
    network: row.network,
    address: row.address,
    memo: row.memo,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    usableFrom: row.usableFrom.toISOString(),
    usable: row.usableFrom.getTime() <= clock.now(),
  };
}

function uidView(
  row: { id: string; uid: string; note: string; createdAt: Date; usableFrom: Date },
  clock: Clock,
): WhitelistUid {
  return {
    id: row.id,
    uid: row.uid,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    usableFrom: row.usableFrom.toISOString(),
    usable: row.usableFrom.getTime() <= clock.now(),
  };
}

// ---- addresses ----

export async function listAddresses(deps: Deps, userId: string): Promise<WhitelistAddress[]> {
  const rows = await deps.db.whitelistAddress.findMany({
    where: { userId },
    orderBy: { createdAt: 'desc' },
  });
  return rows.map((r) => addressView(r, deps.clock));
}

/**
 * Adds an address: the input is checked first (network of the coin, address format, note), so a
 * mistake spends no code; then the step-up; the address is usable after the cooling period.
 */
export async function addAddress(
  deps: Deps,
  userId: string,
  req: WhitelistAddressRequest,
): Promise<WhitelistAddress> {
  const address = req.address.trim();
  if (!address) throw new AppError('ADDRESS_REQUIRED');
  const network = await deps.networks.find(req.asset, req.network);
  if (!network) throw new AppError('NETWORK_NOT_SUPPORTED', { asset: req.asset });
  if (!deps.networks.validAddress(network.kind, address))
    throw new AppError('ADDRESS_FORMAT_INCORRECT');
  const canonical = deps.networks.canonical(network.kind, address);
  const note = checkNote(req.note);
  const count = await deps.db.whitelistAddress.count({ where: { userId } });
  if (count >= WHITELIST_MAX_ENTRIES)
    throw new AppError('WHITELIST_FULL', { max: WHITELIST_MAX_ENTRIES });
  const exists = await deps.db.whitelistAddress.findFirst({
    where: { userId, asset: req.asset, network: req.network, address: canonical },
  });
  if (exists) throw new AppError('WHITELIST_ADDRESS_EXISTS');
  await stepUp(deps, userId, req);
  try {
    const row = await deps.db.whitelistAddress.create({
      data: {
        userId,
        asset: req.asset,
        network: req.network,
        address: canonical,
        memo: req.memo?.trim() || null,
        note,
        createdAt: deps.clock.date(),
        usableFrom: coolingEnd(deps),
      },
    });
    return addressView(row, deps.clock);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('WHITELIST_ADDRESS_EXISTS');
    throw err;
  }
}

export async function deleteAddress(
  deps: Deps,
  userId: string,
  id: string,
  codes: StepUpFields,
): Promise<void> {
  const row = await deps.db.whitelistAddress.findFirst({ where: { id, userId } });
  if (!row) throw new AppError('WHITELIST_ENTRY_NOT_FOUND');
  await stepUp(deps, userId, codes);
  await deps.db.whitelistAddress.deleteMany({ where: { id, userId } });
}

// ---- UIDs ----

export async function listUids(deps: Deps, userId: string): Promise<WhitelistUid[]> {
  const rows = await deps.db.whitelistUid.findMany({
    where: { userId },
    orderBy: { createdAt: 'desc' },
  });
  return rows.map((r) => uidView(r, deps.clock));
}

/** Adds a UID of another account (it must exist and not be the user's own). */
export async function addUid(
  deps: Deps,
  userId: string,
  req: WhitelistUidRequest,
): Promise<WhitelistUid> {
  const uid = req.uid.trim();
  if (!uid) throw new AppError('UID_REQUIRED');
  const note = checkNote(req.note);
  const target = await deps.db.user.findUnique({ where: { uid }, select: { id: true } });
  if (!target) throw new AppError('TRANSFER_UID_NOT_FOUND');
  if (target.id === userId) throw new AppError('TRANSFER_TO_SELF');
  const count = await deps.db.whitelistUid.count({ where: { userId } });
  if (count >= WHITELIST_MAX_ENTRIES)
    throw new AppError('WHITELIST_FULL', { max: WHITELIST_MAX_ENTRIES });
  if (await deps.db.whitelistUid.findFirst({ where: { userId, uid } }))
    throw new AppError('WHITELIST_UID_EXISTS');
  await stepUp(deps, userId, req);
  try {
    const row = await deps.db.whitelistUid.create({
      data: { userId, uid, note, createdAt: deps.clock.date(), usableFrom: coolingEnd(deps) },
    });
    return uidView(row, deps.clock);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('WHITELIST_UID_EXISTS');
    throw err;
  }
}

export async function deleteUid(
  deps: Deps,
  userId: string,
  id: string,
  codes: StepUpFields,
): Promise<void> {
  const row = await deps.db.whitelistUid.findFirst({ where: { id, userId } });
  if (!row) throw new AppError('WHITELIST_ENTRY_NOT_FOUND');
  await stepUp(deps, userId, codes);
  await deps.db.whitelistUid.deleteMany({ where: { id, userId } });
}

// ---- settings ----

export async function getSettings(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: string,
): Promise<WhitelistSettings> {
  const row = await deps.db.withdrawalSetting.findUnique({ where: { userId } });
  return {
    addressWhitelistOnly: row?.addressWhitelistOnly ?? false,
    uidWhitelistOnly: row?.uidWhitelistOnly ?? false,
    coolingHours: deps.config.coolingHours,
  };
}

/** Turning a setting on protects the account and needs nothing; turning one off needs the step-up. */
export async function updateSettings(
  deps: Deps,
  userId: string,
  req: WhitelistSettingsRequest,
): Promise<WhitelistSettings> {
  const current = await getSettings(deps, userId);
  const next = {
    addressWhitelistOnly: req.addressWhitelistOnly ?? current.addressWhitelistOnly,
    uidWhitelistOnly: req.uidWhitelistOnly ?? current.uidWhitelistOnly,
  };
  const loosens =
    (current.addressWhitelistOnly && !next.addressWhitelistOnly) ||
    (current.uidWhitelistOnly && !next.uidWhitelistOnly);
  if (loosens) await stepUp(deps, userId, req);
  await deps.db.withdrawalSetting.upsert({
    where: { userId },
    create: { userId, ...next, updatedAt: deps.clock.date() },
    update: { ...next, updatedAt: deps.clock.date() },
  });
  return { ...next, coolingHours: deps.config.coolingHours };
}

/** Refuses an address when the user allows whitelisted addresses only and it is not a usable one. */
export async function assertAddressAllowed(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  userId: string,
  w: { asset: string; network: string; address: string },
): Promise<void> {
  const settings = await getSettings(deps, userId);
  if (!settings.addressWhitelistOnly) return;
  // Both sides are in the canonical form of the network.
  const entry = await deps.db.whitelistAddress.findFirst({
    where: { userId, asset: w.asset, network: w.network, address: w.address },
  });
  if (!entry) throw new AppError('ADDRESS_NOT_WHITELISTED');
  if (entry.usableFrom.getTime() > deps.clock.now())
    throw new AppError('WHITELIST_ADDRESS_COOLING', { usableFrom: entry.usableFrom.toISOString() });
}

/** Refuses a UID when the user allows whitelisted UIDs only and it is not a usable one. */
export async function assertUidAllowed(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  userId: string,
  uid: string,
): Promise<void> {
  const settings = await getSettings(deps, userId);
  if (!settings.uidWhitelistOnly) return;
  const entry = await deps.db.whitelistUid.findFirst({ where: { userId, uid } });
  if (!entry) throw new AppError('UID_NOT_WHITELISTED');
  if (entry.usableFrom.getTime() > deps.clock.now())
    throw new AppError('WHITELIST_UID_COOLING', { usableFrom: entry.usableFrom.toISOString() });
}
