/**
 * No answer of the API is kept by a browser or a proxy cache: personal and commission data
 * (JSON, PDFs, CSV exports) and errors alike get `Cache-Control: no-store`, unless the route set
 * its own policy (the web app's static files: hashed assets cached for a year, index.html
 * revalidated).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}

/** Registered at the root (fastify-plugin) so every route's answer gets the header. */
export const noStorePlugin = fp(async (app) => registerNoStore(app), { name: 'no-store' });
