/**
 * Draining on shutdown. `app.close()` refuses new connections and closes the idle
 * ones, but a keep-alive connection whose request was in flight would stay open after its answer
 * (Fastify keeps such connections 72 s) and hold the stop. Once closing, every answer says
 * `Connection: close`, so each connection ends with the last request it carried.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

function registerDrain(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('Connection', 'close');
    return payload;
  });
}

/** Registered at the root (fastify-plugin) so every answer during shutdown closes its connection. */
export const drainPlugin = fp(async (app) => registerDrain(app), { name: 'drain' });
