import { STORAGE_KEYS } from '@exchange/contracts';
import { useState } from 'react';
import { readJson, writeJson } from '../../../lib/storage';

/**
 * The beginner guidance of deposit and withdraw (spec platform-shell section 3: the flags flow,
 * netWork and address under `depositGuide` / `withdrawGuide`): a tip shows until the user has
 * dismissed it once; the flag then stays set in local storage.
 */
export type GuideStep = 'flow' | 'netWork' | 'address';
export type GuideKind = 'deposit' | 'withdraw';
export type GuideFlags = Record<GuideStep, boolean>;

const STEPS: readonly GuideStep[] = ['flow', 'netWork', 'address'];
const keyOf = (kind: GuideKind) =>
  kind === 'deposit' ? STORAGE_KEYS.depositGuide : STORAGE_KEYS.withdrawGuide;

export function readGuide(kind: GuideKind): GuideFlags {
  const raw = readJson(keyOf(kind));
  const saved = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return Object.fromEntries(STEPS.map((s) => [s, saved[s] === true])) as GuideFlags;
}

export function markGuide(kind: GuideKind, step: GuideStep): GuideFlags {
  const next = { ...readGuide(kind), [step]: true };
  writeJson(keyOf(kind), next);
  return next;
}

/** The flags of one guidance, and a way to dismiss a step (kept across visits). */
export function useGuide(kind: GuideKind) {
  const [flags, setFlags] = useState(() => readGuide(kind));
  return { seen: flags, dismiss: (step: GuideStep) => setFlags(markGuide(kind, step)) };
}

/** The coin and network last chosen (spec: coin code and network name in local storage). */
export function readLastChoice(): { coin: string | null; network: string | null } {
  const coin = readJson(STORAGE_KEYS.coinCode);
  const network = readJson(STORAGE_KEYS.networkName);
  return {
    coin: typeof coin === 'string' ? coin : null,
    network: typeof network === 'string' ? network : null,
  };
}

export function writeLastChoice(coin: string, network: string | null): void {
  writeJson(STORAGE_KEYS.coinCode, coin);
  writeJson(STORAGE_KEYS.networkName, network);
}
