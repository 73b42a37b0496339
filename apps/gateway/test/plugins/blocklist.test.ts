import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../helpers/build.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

describe('block list', () => {
  it('lists nothing while the seeded entry is disabled', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/common/public/blocklist' });
    expect(res.json()).toEqual({ code: '200', data: [], message: 'success' });
  });

  it('denies a matching path and method with the mask code, and lists the entry', async () => {
    await t.app.db.blockListItem.create({
      data: {
        entries: [{ url: '/v1/marketing/public/news', method: 'GET' }],
        maskCode: 1001,
        targetTag: 'maintenance',
      },
    });
    await t.app.blockList.refresh();

    const denied = await t.app.inject({
      method: 'GET',
      url: '/v1/marketing/public/news?pageNum=1',
    });
    expect(denied.statusCode).toBe(503);
    expect(denied.json()).toEqual({
      code: '1001',
      data: { mask: 1001, tag: 'maintenance' },
      message: 'Under maintenance.',
    });

    const otherMethod = await t.app.inject({ method: 'POST', url: '/v1/marketing/public/news' });
    expect(otherMethod.json<{ code: string }>().code).not.toBe('1001');

    const listed = await t.app.inject({ method: 'GET', url: '/v1/common/public/blocklist' });
    expect(listed.json()).toMatchObject({
      data: [
        {
          entries: [{ url: '/v1/marketing/public/news', method: 'GET' }],
          mask: 1001,
          tag: 'maintenance',
        },
      ],
    });
  });

  it('denies every spelling of a blocked path, as the router reads them all as one route', async () => {
    // The news entry of the test above is still there.
    for (const url of [
      '/%76%31/marketing/public/news',
      '/v1/marketing/public/news/',
      '/v1/marketing/public/news#x',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.json<{ code: string }>().code, url).toBe('1001');
    }
  });

  it('blocks private paths before asking for a token, and prefixes with "*"', async () => {
    await t.app.db.blockListItem.create({
      data: {
        entries: [{ url: '/v1/wallet/*', method: '*' }],
        maskCode: 1010,
        targetTag: 'wallet',
      },
    });
    await t.app.blockList.refresh();
    const res = await t.app.inject({ method: 'POST', url: '/v1/wallet/withdraw/crypto' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: '1010', data: { mask: 1010, tag: 'wallet' } });
  });

  it('skips malformed rows instead of failing', async () => {
    await t.app.db.blockListItem.create({
      data: { entries: { nope: true }, maskCode: 1001, targetTag: 'bad' },
    });
    await t.app.blockList.refresh();
    const res = await t.app.inject({ method: 'GET', url: '/v1/common/public/configs' });
    expect(res.statusCode).toBe(200);
  });
});
