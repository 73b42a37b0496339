import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import type { NotifyDeps } from './notify.js';
import { notify } from './notify.js';

/**
 * "A new device": a browser family and system (from the user agent, versions dropped so an
 * update is not new) on a network (the /24 of an IPv4 address, the /48 of an IPv6 one) the
 * account has not signed in from before. The account's first sign-in (registration) records its
 * device without a notice. Only a hash of the pair is stored.
 */
export function describeDevice(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Other browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'other system';
  return `${browser} on ${system}`;
}

export function networkOf(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return v4.split('.').slice(0, 3).join('.');
  if (isIP(ip) === 6) return ip.split(':').slice(0, 3).join(':');
  return 'unknown';
}

/** The sessions' `started` hook: records the device, and notices it when it is new. */
export function newDeviceWatcher(
  deps: NotifyDeps,
): (s: { userId: string; userAgent?: string | undefined; ip?: string | undefined }) => void {
  return (s) => {
    void watch(deps, s).catch((err: unknown) => deps.log?.warn({ err }, 'new-device check failed'));
  };
}

async function watch(
  deps: NotifyDeps,
  s: { userId: string; userAgent?: string | undefined; ip?: string | undefined },
): Promise<void> {
  const device = describeDevice(s.userAgent);
  const fingerprint = createHash('sha256')
    .update(`${device}|${networkOf(s.ip)}`)
    .digest('hex');
  const now = deps.clock.date();
  const known = await deps.db.knownDevice.count({ where: { userId: s.userId } });
  const { count } = await deps.db.knownDevice.createMany({
    data: [{ userId: s.userId, fingerprint, firstSeenAt: now, lastSeenAt: now }],
    skipDuplicates: true,
  });
  if (count === 0) {
    await deps.db.knownDevice.update({
      where: { userId_fingerprint: { userId: s.userId, fingerprint } },
      data: { lastSeenAt: now },
    });
    return;
  }
  if (known === 0) return;
  await notify(deps, {
    userId: s.userId,
    type: 'NEW_DEVICE_LOGIN',
    dedupeKey: `device:${fingerprint}`,
    params: { device, ip: s.ip ?? 'unknown', at: now.toISOString() },
  });
}
