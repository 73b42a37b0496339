import type { FastifyInstance } from 'fastify';
import { cancelOrderRequest, cancelPlaceRequest, placeOrderRequest } from '@exchange/contracts';
import { getOrder } from './order-queries.js';
import { cancelOrder, cancelPlace, placeOrder, type OrderDeps } from './order-service.js';

/** The socket's trading ops (place, cancel, cancel-place, query), the REST routes' twins. */
export function registerOrderOps(socket: FastifyInstance['socket'], deps: OrderDeps): void {
  socket.registerOp('place', (session, args) =>
    placeOrder(deps, {
      userId: session.userId ?? '',
      mode: session.mode,
      req: placeOrderRequest.parse(args),
    }),
  );
  socket.registerOp('cancel', (session, args) => {
    const req = cancelOrderRequest.parse(args);
    return cancelOrder(deps, {
      userId: session.userId ?? '',
      mode: session.mode,
      orderId: req.orderId,
      clientOrderId: req.clientOrderId,
    });
  });
  socket.registerOp('cancel-place', (session, args) => {
    const req = cancelPlaceRequest.parse(args);
    return cancelPlace(deps, {
      userId: session.userId ?? '',
      mode: session.mode,
      cancelOrderId: req.cancelOrderId,
      req: req.order,
    });
  });
  socket.registerOp('query', (session, args) =>
    getOrder(
      deps.db,
      session.userId ?? '',
      session.mode,
      typeof args.orderId === 'string' ? args.orderId : String(Number(args.orderId)),
    ),
  );
}
