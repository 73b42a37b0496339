import { describe, expect, it } from 'vitest';
import {
  SPOT_ORDER_PATHS,
  WITHDRAWAL_PATHS,
  fillPath,
  listEndpoints,
  pathParams,
} from '../src/index.js';

describe('endpoints', () => {
  const all = listEndpoints();

  it('gives every method and path to one endpoint only', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const { name, endpoint } of all) {
      const key = `${endpoint.method} ${endpoint.path}`;
      const first = seen.get(key);
      if (first) twice.push(`${key}: ${first} and ${name}`);
      else seen.set(key, name);
    }
    expect(twice).toEqual([]);
    expect(seen.size).toBeGreaterThan(140);
  });

  it('writes path parameters one way only (:name)', () => {
    const odd = all.filter(({ endpoint }) => !/^\/[\w\-./:]*$/.test(endpoint.path));
    expect(odd.map((e) => e.name)).toEqual([]);
  });

  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(pathParams('/v1/a/:id/b/:name')).toEqual(['id', 'name']);
    expect(fillPath(SPOT_ORDER_PATHS.order, { id: 'a/b c' })).toBe(
      '/v1/spot-order/order/a%2Fb%20c',
    );
    expect(WITHDRAWAL_PATHS.withdrawalCancel('w1')).toBe('/v1/wallet/withdrawals/w1/cancel');
    expect(() => fillPath('/v1/a/:id', {})).toThrow(/id/);
  });
});
