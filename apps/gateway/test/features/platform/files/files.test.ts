import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_QUOTA, type FilePlace, type StoredFileInfo } from '@exchange/contracts';
import {
  assertOwnedFiles,
  reviewerUrl,
} from '../../../../src/features/platform/files/file-service.js';
import { sweepUploadJob } from '../../../../src/features/platform/files/sweep-job.js';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { bearer } from '../../../helpers/auth.js';
import { listen } from '../../../helpers/listen.js';

let t: TestApp;
let dir: string;
let alice: { token: string; userId: string };
let bob: { token: string; userId: string };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'exchange-files-'));
  t = await build({ FILE_STORAGE_DIR: dir });
  t.clock.set(Date.UTC(2026, 0, 1));
  alice = await signIn(t);
  bob = await signIn(t);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

interface Part {
  filename: string;
  content: Buffer;
  type?: string;
}

function multipart(parts: Part[]) {
  const boundary = `----exchange${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${p.filename}"\r\n` +
          `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      p.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(place: FilePlace, parts: Part[], token = alice.token) {
  const body = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/files/upload?place=${place}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  return {
    status: res.statusCode,
    body: res.json<{ code: string; data: { files: StoredFileInfo[] } | null }>(),
  };
}

async function download(id: string, token = alice.token) {
  return t.app.inject({ method: 'GET', url: `/v1/files/${id}`, headers: bearer(token) });
}

/** Every file under the storage folder (recursively), with its bytes. */
async function onDisk(): Promise<{ path: string; bytes: Buffer }[]> {
  const out: { path: string; bytes: Buffer }[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.push({ path, bytes: await readFile(path) });
  }
  return out;
}

async function counts() {
  return {
    rows: await t.app.db.storedFile.count(),
    files: (await onDisk()).length,
  };
}

const MARKER = 'secret-gps-of-the-owner';

async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: MARKER, Artist: MARKER } })
    .toBuffer();
}

/** A PNG with EXIF and a script appended after its end (an image/HTML polyglot). */
async function pngPolyglot(): Promise<Buffer> {
  const png = await sharp({
    create: { width: 200, height: 100, channels: 4, background: '#aa3366' },
  })
    .png()
    .withExif({ IFD0: { Copyright: MARKER } })
    .toBuffer();
  return Buffer.concat([png, Buffer.from(`<script>alert("${MARKER}")</script>`)]);
}

function pdf(objects: string[], extra: Buffer[] = []): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    ...objects.map((o) => Buffer.from(`${o}\n`)),
    ...extra,
    Buffer.from('trailer << /Root 1 0 R >>\n%%EOF\n'),
  ]);
}

const PLAIN_OBJECTS = [
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  `4 0 obj (${MARKER} company registration) endobj`,
];

describe('upload and download', () => {
  it('re-encodes a JPEG without its EXIF and gives it back only to its owner', async () => {
    const original = await jpegWithExif();
    expect(original.includes(MARKER)).toBe(true);
    const { status, body } = await upload('KYC_ID_IMAGE', [
      { filename: '../../etc/passport front.JPG', content: original, type: 'text/html' },
    ]);
    expect(status).toBe(200);
    const [file] = body.data?.files ?? [];
    expect(file).toMatchObject({ name: 'passport front.jpg', mime: 'image/jpeg' });

    const res = await download(file!.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['content-disposition']).toContain('filename="passport front.jpg"');
    const back = res.rawPayload;
    expect(back.length).toBe(file!.size);
    expect(back.includes(MARKER)).toBe(false);
    const meta = await sharp(back).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([320, 200]);

    const row = await t.app.db.storedFile.findUniqueOrThrow({ where: { id: file!.id } });
    expect(row).toMatchObject({ ownerId: alice.userId, place: 'KYC_ID_IMAGE', size: back.length });
  });

  it('re-encodes a PNG polyglot: EXIF and the appended script are gone', async () => {
    const { status, body } = await upload('KYC_SHAREHOLDER_ID', [
      { filename: 'holder.png', content: await pngPolyglot() },
    ]);
    expect(status).toBe(200);
    const file = body.data!.files[0]!;
    expect(file.mime).toBe('image/png');
    const back = (await download(file.id)).rawPayload;
    expect(back.includes(MARKER)).toBe(false);
    expect(back.includes('<script>')).toBe(false);
    const meta = await sharp(back).metadata();
    expect(meta.format).toBe('png');
    expect(meta.exif).toBeUndefined();
  });

  it('scales down an image larger than 4096 px on its longest side', async () => {
    const big = await sharp({
      create: { width: 5000, height: 100, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const { body } = await upload('KYC_ADDRESS_PROOF', [{ filename: 'wide.png', content: big }]);
    const meta = await sharp((await download(body.data!.files[0]!.id)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([4096, 82]);
  });

  it('keeps the bytes on disk encrypted, never the plaintext', async () => {
    const content = pdf(PLAIN_OBJECTS);
    const { body } = await upload('KYC_COMPANY_DOCUMENT', [{ filename: 'c.pdf', content }]);
    const row = await t.app.db.storedFile.findUniqueOrThrow({
      where: { id: body.data!.files[0]!.id },
    });
    const blob = (await onDisk()).find((f) => f.path.endsWith(row.storageKey));
    expect(blob).toBeDefined();
    expect(blob!.bytes.includes(MARKER)).toBe(false);
    expect(blob!.bytes.includes('%PDF')).toBe(false);
    // AES-GCM adds a header, the IV and the tag, nothing more.
    expect(blob!.bytes.length).toBe(content.length + 4 + 12 + 16);
    // Every blob on disk, images included, is ciphertext.
    for (const f of await onDisk()) {
      expect(f.bytes.subarray(0, 4).toString('latin1')).toBe('EXF1');
      expect(f.bytes.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
      expect(f.bytes.includes(Buffer.from('\x89PNG', 'latin1'))).toBe(false);
    }
    // The owner gets the exact bytes back, as an attachment.
    const res = await download(row.id);
    expect(res.rawPayload.equals(content)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('answers 404 to anybody but the owner, as for a file that does not exist', async () => {
    const { body } = await upload('KYC_ID_IMAGE', [
      { filename: 'a.jpg', content: await jpegWithExif() },
    ]);
    const id = body.data!.files[0]!.id;
    const other = await download(id, bob.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: '7061' });
    expect(other.rawPayload.includes(Buffer.from([0xff, 0xd8]))).toBe(false);
    const missing = await download('00000000-0000-4000-8000-000000000000', bob.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(other.json());
    const anonymous = await t.app.inject({ method: 'GET', url: `/v1/files/${id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('refused files leave nothing behind', () => {
  it('accepts a PDF for company documents and refuses it for ID images', async () => {
    const ok = await upload('KYC_COMPANY_DOCUMENT', [
      { filename: 'articles.pdf', content: pdf(PLAIN_OBJECTS) },
    ]);
    expect(ok.status).toBe(200);
    expect(ok.body.data!.files[0]!.mime).toBe('application/pdf');

    const before = await counts();
    const refused = await upload('KYC_ID_IMAGE', [
      { filename: 'id.pdf', content: pdf(PLAIN_OBJECTS), type: 'application/pdf' },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: '1015', data: { types: 'JPG, PNG' } });
    expect(await counts()).toEqual(before);
  });

  it('judges by content, never by name or content type', async () => {
    const before = await counts();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    // A PNG named .pdf is a PNG: kept as one where PNGs are allowed...
    const renamed = await upload('KYC_COMPANY_DOCUMENT', [
      { filename: 'statement.pdf', content: png, type: 'application/pdf' },
    ]);
    expect(renamed.body.data!.files.map((f) => [f.name, f.mime])).toEqual([
      ['statement.png', 'image/png'],
    ]);
    const mid = await counts();
    expect(mid.rows).toBe(before.rows + 1);
    // ... and no name or content type makes other bytes pass.
    const refusals: [FilePlace, Part][] = [
      [
        'KYC_ID_IMAGE',
        { filename: 'photo.jpg', content: Buffer.from('just text'), type: 'image/jpeg' },
      ],
      [
        'KYC_COMPANY_DOCUMENT',
        { filename: 'a.pdf', content: Buffer.from('just text'), type: 'application/pdf' },
      ],
      [
        'KYC_ID_IMAGE',
        { filename: 'a.png', content: Buffer.from('GIF89a\x01\x00'), type: 'image/png' },
      ],
    ];
    for (const [place, part] of refusals) {
      const res = await upload(place, [part]);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('1015');
    }
    // A PNG signature on bytes that do not decode is refused as unreadable.
    const fake = await upload('KYC_ID_IMAGE', [
      {
        filename: 'x.png',
        content: Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(64, 7)]),
      },
    ]);
    expect(fake.status).toBe(400);
    expect(fake.body.code).toBe('7064');
    expect(await counts()).toEqual(mid);
  });

  it('refuses a file above the size limit and keeps neither it nor the good file before it', async () => {
    const before = await counts();
    const tooBig = Buffer.concat([
      await jpegWithExif(),
      Buffer.alloc(2 * 1024 * 1024, 1), // past 2 MB
    ]);
    const res = await upload('KYC_ID_IMAGE', [
      { filename: 'ok.jpg', content: await jpegWithExif() },
      { filename: 'big.jpg', content: tooBig },
    ]);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('1014');
    expect(await counts()).toEqual(before);
  });

  it('refuses more files than the place takes, keeping none of them', async () => {
    const before = await counts();
    const jpeg = await jpegWithExif();
    const res = await upload('KYC_ID_IMAGE', [
      { filename: '1.jpg', content: jpeg },
      { filename: '2.jpg', content: jpeg },
      { filename: '3.jpg', content: jpeg },
    ]);
    expect(res.body.code).toBe('1013');
    expect(await counts()).toEqual(before);
    const none = await upload('KYC_ID_IMAGE', []);
    expect(none.body).toMatchObject({ code: '7060', data: { minFiles: 1 } });
  });

  it('refuses PDFs with JavaScript or launch actions, also hidden in compressed streams', async () => {
    const before = await counts();
    const openScript = pdf([
      '1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj',
      ...PLAIN_OBJECTS.slice(1),
    ]);
    const launch = pdf([
      ...PLAIN_OBJECTS,
      '5 0 obj << /Type /Annot /A << /S /L#61unch /F (cmd.exe) >> >> endobj',
    ]);
    const hidden = deflateSync(
      Buffer.from('6 0 obj << /S /JavaScript /JS (this.exportDataObject()) >> endobj'),
    );
    const inStream = pdf(PLAIN_OBJECTS, [
      Buffer.from(
        `7 0 obj << /Type /ObjStm /Filter /FlateDecode /Length ${hidden.length} >>\nstream\n`,
      ),
      hidden,
      Buffer.from('\nendstream\nendobj\n'),
    ]);
    for (const content of [openScript, launch, inStream]) {
      const res = await upload('KYC_ADDRESS_PROOF', [{ filename: 'bill.pdf', content }]);
      expect(res.body.code).toBe('7065');
    }
    const noTrailer = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n');
    expect(
      (await upload('KYC_ADDRESS_PROOF', [{ filename: 'x.pdf', content: noTrailer }])).body.code,
    ).toBe('7064');
    expect(await counts()).toEqual(before);
  });

  it('refuses uploads past the per-account quota', async () => {
    const carol = await signIn(t);
    await t.app.db.storedFile.createMany({
      data: Array.from({ length: FILE_QUOTA.maxFiles }, (_, i) => ({
        ownerId: carol.userId,
        place: 'KYC_ID_IMAGE',
        name: `${i}.jpg`,
        mime: 'image/jpeg',
        size: 10,
        sha256: '0'.repeat(64),
        storageKey: crypto.randomUUID(),
      })),
    });
    const before = await counts();
    const res = await upload(
      'KYC_ID_IMAGE',
      [{ filename: 'a.jpg', content: await jpegWithExif() }],
      carol.token,
    );
    expect(res.body).toMatchObject({ code: '7063', data: { maxFiles: 50, maxMegabytes: 100 } });
    expect(await counts()).toEqual(before);
  });

  it('refuses an unknown place and a request that is not multipart', async () => {
    expect((await upload('PASSPORT' as FilePlace, [])).body.code).toBe('1002');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/files/upload?place=KYC_ID_IMAGE',
      headers: bearer(alice.token),
      payload: { file: 'x' },
    });
    expect(res.json()).toMatchObject({ code: '1011' });
  });
});

describe('the reviewer link', () => {
  it('opens the one file until it expires, and never with a bad signature', async () => {
    const { body } = await upload('KYC_ID_IMAGE', [
      { filename: 'r.jpg', content: await jpegWithExif() },
    ]);
    const id = body.data!.files[0]!.id;
    const url = reviewerUrl(id, 600, t.app.files.links);
    expect(url).toMatch(new RegExp(`/v1/files/public/review/${id}\\?exp=\\d+&sig=[\\w-]{43}$`));
    const path = new URL(url).pathname + new URL(url).search;

    const ok = await t.app.inject({ method: 'GET', url: path });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/jpeg');
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.rawPayload.equals((await download(id)).rawPayload)).toBe(true);

    const sig = new URL(url).searchParams.get('sig')!;
    const tampered = path.replace(sig, `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    const bad = await t.app.inject({ method: 'GET', url: tampered });
    expect(bad.statusCode).toBe(403);
    expect(bad.json()).toMatchObject({ code: '7066' });

    // The signature is bound to its file and its expiry.
    const other = await upload('KYC_ID_IMAGE', [
      { filename: 'o.jpg', content: await jpegWithExif() },
    ]);
    const swapped = path.replace(id, other.body.data!.files[0]!.id);
    expect((await t.app.inject({ method: 'GET', url: swapped })).statusCode).toBe(403);
    const exp = Number(new URL(url).searchParams.get('exp'));
    const longer = path.replace(`exp=${exp}`, `exp=${exp + 3600}`);
    expect((await t.app.inject({ method: 'GET', url: longer })).statusCode).toBe(403);

    // A link asked for longer than a day lives a day.
    const long = new URL(reviewerUrl(id, 30 * 86_400, t.app.files.links));
    expect(Number(long.searchParams.get('exp')) - Math.floor(t.clock.now() / 1000)).toBe(86_400);

    t.clock.advance(601_000);
    const expired = await t.app.inject({ method: 'GET', url: path });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: '7066' });
  });
});

describe('assertOwnedFiles', () => {
  it('accepts the owner files of the place and refuses others, missing ones and too many', async () => {
    const jpeg = await jpegWithExif();
    const mine = (
      await upload('KYC_ID_IMAGE', [
        { filename: 'f.jpg', content: jpeg },
        { filename: 'b.jpg', content: jpeg },
      ])
    ).body.data!.files.map((f) => f.id);
    const bobs = (await upload('KYC_ID_IMAGE', [{ filename: 'x.jpg', content: jpeg }], bob.token))
      .body.data!.files[0]!.id;
    const db = t.app.db;

    await expect(assertOwnedFiles(db, alice.userId, mine, 'KYC_ID_IMAGE')).resolves.toBeUndefined();
    await expect(assertOwnedFiles(db, alice.userId, [bobs], 'KYC_ID_IMAGE')).rejects.toMatchObject({
      code: 7062,
    });
    await expect(
      assertOwnedFiles(db, alice.userId, [mine[0]!], 'KYC_SHAREHOLDER_ID'),
    ).rejects.toMatchObject({ code: 7062 });
    await expect(
      assertOwnedFiles(db, alice.userId, ['00000000-0000-4000-8000-000000000000'], 'KYC_ID_IMAGE'),
    ).rejects.toMatchObject({ code: 7062 });
    await expect(
      assertOwnedFiles(db, alice.userId, ['../x'], 'KYC_ID_IMAGE'),
    ).rejects.toMatchObject({ code: 7062 });
    await expect(
      assertOwnedFiles(db, alice.userId, [...mine, bobs], 'KYC_ID_IMAGE'),
    ).rejects.toMatchObject({ code: 1013 });
    await expect(assertOwnedFiles(db, alice.userId, [], 'KYC_ID_IMAGE')).rejects.toMatchObject({
      code: 7060,
    });
  });
});

describe('the upload counter', () => {
  it('limits uploads per address on a counter of their own', async () => {
    const small = await build({ FILE_STORAGE_DIR: dir, UPLOAD_RATE_LIMIT_MAX: '2' });
    try {
      const { token } = await signIn(small);
      const body = multipart([{ filename: 'a.jpg', content: await jpegWithExif() }]);
      const send = () =>
        small.app.inject({
          method: 'POST',
          url: '/v1/files/upload?place=KYC_ID_IMAGE',
          headers: { ...bearer(token), ...body.headers },
          payload: body.payload,
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: '1008' });
      expect(await small.app.db.storedFile.count()).toBe(2);
    } finally {
      await small.close();
    }
  });
});

describe('files left by a crash', () => {
  it('each upload schedules a sweep that removes its keys without a row, and only those', async () => {
    const sweep = sweepUploadJob({ db: t.app.db, storage: t.app.files.storage });
    const pending = await t.app.jobs.pending(sweep);
    const { body } = await upload('KYC_ID_IMAGE', [
      { filename: 's.jpg', content: await jpegWithExif() },
    ]);
    expect(await t.app.jobs.pending(sweep)).toBe(pending + 1);

    const row = await t.app.db.storedFile.findUniqueOrThrow({
      where: { id: body.data!.files[0]!.id },
    });
    // A process that died after writing a file and before its row left this one behind.
    const orphan = crypto.randomUUID();
    await t.app.files.storage.put(orphan, Buffer.from('sealed bytes'));
    const before = await t.app.files.storage.get(orphan);
    expect(before).not.toBeNull();
    before?.destroy();
    await sweep.handle({ keys: [row.storageKey, orphan] }, undefined as never);
    expect(await t.app.files.storage.get(orphan)).toBeNull();
    expect((await download(row.id)).statusCode).toBe(200);
  });
});

describe('over a real connection', () => {
  it('streams a good upload in and answers a too-big one with 1014 before it is all sent', async () => {
    const origin = new URL(await listen(t)).origin.replace('ws:', 'http:');
    const post = (files: { name: string; content: Buffer }[]) => {
      const form = new FormData();
      for (const f of files) form.append('file', new Blob([f.content]), f.name);
      return fetch(`${origin}/v1/files/upload?place=KYC_ADDRESS_PROOF`, {
        method: 'POST',
        headers: bearer(alice.token),
        body: form,
      });
    };
    const good = await post([{ name: 'bill.pdf', content: pdf(PLAIN_OBJECTS) }]);
    expect(good.status).toBe(200);
    const id = ((await good.json()) as { data: { files: StoredFileInfo[] } }).data.files[0]!.id;
    const back = await fetch(`${origin}/v1/files/${id}`, { headers: bearer(alice.token) });
    expect(Buffer.from(await back.arrayBuffer()).equals(pdf(PLAIN_OBJECTS))).toBe(true);

    const before = await counts();
    const big = await post([
      { name: 'ok.pdf', content: pdf(PLAIN_OBJECTS) },
      { name: 'big.pdf', content: Buffer.alloc(20 * 1024 * 1024, 0x41) },
    ]);
    const bigBody = await big.clone().text();
    expect(big.status, bigBody).toBe(413);
    expect(((await big.json()) as { code: string }).code).toBe('1014');
    expect(await counts()).toEqual(before);
  });
});
