import type { Order } from '@exchange/contracts';
import type { TestApp } from './build.js';

/** Headers of a Demo-mode request with a bearer token. */
export const demo = (token: string) => ({ authorization: `Bearer ${token}`, 'runtime-mode': '1' });

/**
 * The REST calls the order tests make (Demo mode unless told), on the test app `app()` returns
 * (a getter, as the app is built in `beforeAll`).
 */
export function trading(app: () => TestApp) {
  return {
    place: (token: string, body: Record<string, unknown>, mode = '1') =>
      app().app.inject({
        method: 'POST',
        url: '/v1/spot-order/place',
        headers: { ...demo(token), 'runtime-mode': mode },
        payload: body,
      }),
    balance: async (token: string, asset: string) => {
      const res = await app().app.inject({
        method: 'GET',
        url: '/v1/wallet/balances',
        headers: demo(token),
      });
      return res
        .json<{ data: { asset: string; available: string; frozen: string }[] }>()
        .data.find((b) => b.asset === asset);
    },
    order: async (token: string, id: string): Promise<Order> => {
      return (
        await app().app.inject({
          method: 'GET',
          url: `/v1/spot-order/order/${id}`,
          headers: demo(token),
        })
      ).json<{ data: Order }>().data;
    },
  };
}

export { until } from './wait.js';
