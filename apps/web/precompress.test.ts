import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes brotli and gzip siblings of text files that decode to the file', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = `export const x = ${JSON.stringify('abc '.repeat(500))};\n`;
    writeFileSync(path.join(dir, 'assets', 'app-1.js'), script);
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>exchange</p>'.repeat(50)}`);
    writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(2000));

    const result = await precompressDir(dir);

    expect(result.files).toBe(2);
    const js = path.join(dir, 'assets', 'app-1.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'logo.png.br'))).toBe(false); // images: not text
  });

  it('skips a sibling that would not be smaller than the file', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    writeFileSync(path.join(dir, 'a.json'), '1');
    await precompressDir(dir);
    expect(existsSync(path.join(dir, 'a.json.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'a.json.gz'))).toBe(false);
  });
});
