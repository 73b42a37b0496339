// The base images of docker-compose.yml. Where an official image is on the machine or can be
// pulled it is used; where Docker Hub is out of reach, a local stand-in is built from Debian's
// packages (docker/standins): a Debian base from debootstrap, Node from this machine's own
// binary, PostgreSQL and Redis from Debian, MailDev from the npm registry.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { imageExists, must, run } from './docker.js';

const standinDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../docker/standins',
);

/** The official images the compose file defaults to, by its setting's name. */
export const OFFICIAL = {
  NODE_IMAGE: 'node:20-bookworm-slim',
  POSTGRES_IMAGE: 'postgres:16-alpine',
  REDIS_IMAGE: 'redis:7-alpine',
  MAIL_IMAGE: 'maildev/maildev:2.2.1',
} as const;
export type BaseImages = Record<keyof typeof OFFICIAL, string>;

const STANDIN = {
  debian: 'exchange-standin/debian:bookworm',
  NODE_IMAGE: 'exchange-standin/node:20',
  POSTGRES_IMAGE: 'exchange-standin/postgres:15',
  REDIS_IMAGE: 'exchange-standin/redis:7',
  MAIL_IMAGE: 'exchange-standin/maildev:2.2.1',
} as const;

export interface Bases {
  images: BaseImages;
  /** Images this run made or pulled (removed at the end unless kept). */
  made: string[];
}

/**
 * The official images where present or pullable (one pull is tried, with a time limit), else
 * local stand-ins: those already on the machine are used as they are.
 */
export function baseImages(log: (s: string) => void, mirror: string): Bases {
  const made: string[] = [];
  const present = Object.values(OFFICIAL).every(imageExists);
  if (present) return { images: { ...OFFICIAL }, made };
  const pulled = run('timeout', ['120', 'docker', 'pull', OFFICIAL.NODE_IMAGE]);
  if (pulled.status === 0) {
    made.push(OFFICIAL.NODE_IMAGE);
    for (const ref of Object.values(OFFICIAL).slice(1)) {
      if (imageExists(ref)) continue;
      must('docker', ['pull', ref]);
      made.push(ref);
    }
    return { images: { ...OFFICIAL }, made };
  }
  log(
    `Docker Hub is out of reach (${firstLine(pulled.stderr)}): local stand-ins for the base images`,
  );
  const build = (ref: string, make: () => void) => {
    if (imageExists(ref)) return;
    const started = Date.now();
    make();
    made.push(ref);
    log(`  built ${ref} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  build(STANDIN.debian, () => debianBase(mirror));
  build(STANDIN.NODE_IMAGE, nodeImage);
  const fromStandins = (file: string, ref: string, arg: string, base: string) =>
    build(ref, () =>
      must('docker', [
        'build',
        '-q',
        '-f',
        path.join(standinDir, file),
        '--build-arg',
        `${arg}=${base}`,
        '-t',
        ref,
        standinDir,
      ]),
    );
  fromStandins('postgres.Dockerfile', STANDIN.POSTGRES_IMAGE, 'DEBIAN_IMAGE', STANDIN.debian);
  fromStandins('redis.Dockerfile', STANDIN.REDIS_IMAGE, 'DEBIAN_IMAGE', STANDIN.debian);
  fromStandins('mail.Dockerfile', STANDIN.MAIL_IMAGE, 'NODE_IMAGE', STANDIN.NODE_IMAGE);
  return {
    images: {
      NODE_IMAGE: STANDIN.NODE_IMAGE,
      POSTGRES_IMAGE: STANDIN.POSTGRES_IMAGE,
      REDIS_IMAGE: STANDIN.REDIS_IMAGE,
      MAIL_IMAGE: STANDIN.MAIL_IMAGE,
    },
    made,
  };
}

const firstLine = (s: string) => s.trim().split('\n')[0] ?? '';

/** Debian bookworm, minbase, without apt's caches, documents and translations (~74 MB). */
function debianBase(mirror: string): void {
  const root = mkdtempSync(path.join(tmpdir(), 'exchange-rootfs-'));
  try {
    must('debootstrap', ['--variant=minbase', 'bookworm', root, mirror]);
    for (const dir of [
      'var/cache/apt/archives',
      'var/lib/apt/lists',
      'usr/share/doc',
      'usr/share/man',
      'usr/share/info',
    ])
      for (const e of safeList(path.join(root, dir)))
        if (e !== 'partial' && e !== 'lock')
          rmSync(path.join(root, dir, e), { recursive: true, force: true });
    for (const e of safeList(path.join(root, 'usr/share/locale')))
      if (e !== 'locale.alias')
        rmSync(path.join(root, 'usr/share/locale', e), { recursive: true, force: true });
    for (const f of safeList(path.join(root, 'var/cache/apt')))
      if (f.endsWith('.bin')) rmSync(path.join(root, 'var/cache/apt', f), { force: true });
    must('sh', ['-c', `tar -C '${root}' -c . | docker import - ${STANDIN.debian}`]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** This machine's Node and npm on the Debian base, trusting the machine's extra authorities. */
function nodeImage(): void {
  const ctx = mkdtempSync(path.join(tmpdir(), 'exchange-node-'));
  try {
    cpSync(process.execPath, path.join(ctx, 'node'));
    const npmRoot = must('npm', ['root', '-g']).trim();
    cpSync(path.join(npmRoot, 'npm'), path.join(ctx, 'npm'), { recursive: true });
    const caDir = '/usr/local/share/ca-certificates';
    const extra = safeList(caDir)
      .filter((f) => f.endsWith('.crt'))
      .map((f) => readFileSync(path.join(caDir, f), 'utf8'))
      .join('\n');
    writeFileSync(path.join(ctx, 'extra-ca.pem'), extra);
    cpSync(path.join(standinDir, 'node.Dockerfile'), path.join(ctx, 'Dockerfile'));
    must('docker', [
      'build',
      '-q',
      '--build-arg',
      `DEBIAN_IMAGE=${STANDIN.debian}`,
      '-t',
      STANDIN.NODE_IMAGE,
      ctx,
    ]);
  } finally {
    rmSync(ctx, { recursive: true, force: true });
  }
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
