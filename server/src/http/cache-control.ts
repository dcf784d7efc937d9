/**
 * No answer of the API is kept by a browser or a proxy cache: personal and commission data
 * (JSON, PDFs, CSV exports) and errors alike get `Cache-Control: no-store`, unless the route set
 * its own policy (the web app's static files: hashed assets cached for a year, index.html
 * revalidated).
 */
import type { FastifyInstance } from 'fastify';

export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
