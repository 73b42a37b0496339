import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MailDev } from 'maildev';

/** A message as MailDev's REST API (`GET /api/email`) returns it, reduced to what tests read. */
export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  to: { address: string }[];
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port>, the gateway's SMTP_URL. */
  smtpUrl: string;
  /** The catcher's web inbox and REST API. */
  webUrl: string;
  /** Messages to `address` (any case), newest first, read over the catcher's REST API. */
  messagesTo(address: string): Promise<CaughtMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server with a web inbox (MailDev) on free local ports: the gateway sends over SMTP
 * exactly as in production, and tests read what arrived over the catcher's API.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const dir = mkdtempSync(path.join(tmpdir(), 'exchange-test-mail-'));
  const maildev = new MailDev({
    smtp: 0,
    web: 0,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    mailDirectory: dir,
    silent: true,
  });
  const servers = await maildev.start();
  const smtp = servers.smtp.getAddress();
  const web = servers.api?.getAddress();
  if (!web) throw new Error('MailDev started without its web API');
  const webUrl = `http://127.0.0.1:${web.port}`;
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    webUrl,
    async messagesTo(address) {
      const res = await fetch(`${webUrl}/api/email`);
      if (!res.ok) throw new Error(`MailDev answered ${res.status}`);
      const all = (await res.json()) as CaughtMail[];
      const wanted = address.trim().toLowerCase();
      // The API lists in arrival order; its timestamps have whole seconds only.
      return all.filter((m) => m.to.some((to) => to.address.toLowerCase() === wanted)).reverse();
    },
    async close() {
      await maildev.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let shared: { catcher: Promise<MailCatcher>; users: number } | null = null;

/**
 * The test file's catcher, started by its first app and stopped with its last: two apps of one
 * file share a job queue, so either may send the other's mail and both must reach one inbox.
 */
export async function acquireMailCatcher(): Promise<{
  catcher: MailCatcher;
  release(): Promise<void>;
}> {
  shared ??= { catcher: startMailCatcher(), users: 0 };
  const entry = shared;
  entry.users += 1;
  const catcher = await entry.catcher;
  let released = false;
  return {
    catcher,
    async release() {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users > 0) return;
      if (shared === entry) shared = null;
      await catcher.close();
    },
  };
}
