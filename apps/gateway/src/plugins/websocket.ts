import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';

/**
 * The socket transport (the socket feature serves /v1/websocket/connect on it). No
 * permessage-deflate: pushes are framed once and written to many sockets (socket-session.ts).
 */
async function socketTransport(app: FastifyInstance) {
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024, perMessageDeflate: false },
    // A frame over the limit is the client's fault, not the server's: one warning without a
    // stack (ws has already sent the 1009 close), where the default logs an error with its stack.
    errorHandler: (error, socket, request) => {
      const code = (error as { code?: unknown }).code;
      if (code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH')
        request.log.warn({ code, ip: request.ip }, 'socket frame over 64 KiB: connection closed');
      else request.log.error({ err: error }, 'socket error');
      socket.terminate();
    },
  });
}

export default fp(socketTransport, { name: 'socket-transport' });
