import { readJson, writeJson } from '../../../lib/storage';

/** The local-storage key of the KYC draft (spec platform-shell section 3). */
export const KYC_ACCOUNT_STORE = 'kycAccountStore';

export interface KycAccountStore<B, A> {
  /** The user the draft belongs to: another login on this browser never sees it. */
  owner: string;
  kind: 'INDIVIDUAL' | 'INSTITUTION';
  step: number;
  basicInfo: B;
  advancedInfo: A;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Fills `base` with the stored values of the same type, key by key (nested objects too), so a
 * draft written by an older client or edited by hand cannot put a wrong type into the form.
 */
export function mergeDraft<T>(base: T, stored: unknown): T {
  if (!isObject(base) || !isObject(stored)) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(base)) {
    const s = stored[key];
    if (s === undefined) continue;
    if (Array.isArray(value)) out[key] = Array.isArray(s) ? s : value;
    else if (isObject(value)) out[key] = mergeDraft(value, s);
    else if (value === null || typeof s === typeof value) out[key] = s;
  }
  return out as T;
}

export function readLocalDraft<B, A>(
  owner: string,
  kind: KycAccountStore<B, A>['kind'],
  empty: { basicInfo: B; advancedInfo: A },
): { step: number; basicInfo: B; advancedInfo: A } | null {
  const stored = readJson(KYC_ACCOUNT_STORE);
  if (!isObject(stored) || stored.owner !== owner || stored.kind !== kind) return null;
  return {
    step: typeof stored.step === 'number' ? stored.step : 0,
    basicInfo: mergeDraft(empty.basicInfo, stored.basicInfo),
    advancedInfo: mergeDraft(empty.advancedInfo, stored.advancedInfo),
  };
}

export function writeLocalDraft<B, A>(draft: KycAccountStore<B, A>): void {
  writeJson(KYC_ACCOUNT_STORE, draft);
}

export function clearLocalDraft(): void {
  writeJson(KYC_ACCOUNT_STORE, null);
}
