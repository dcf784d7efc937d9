/**
 * Serves the built web app (WEB_DIST) at `/`. When it has not been built, `/` answers a page
 * saying how to build it instead of a bare 404. Files are sent precompressed when the client accepts it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { allow, declareContextAccess, PUBLIC } from '../auth/access.ts';

const NOT_BUILT = (dir: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Extranet: web app not built</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>The web app has not been built</h1>
<p>The API is running, but there is no built web app in <code>${dir.replace(/[<>&]/g, '')}</code>.</p>
<p>Build it with <code>npm run build</code> (or start with <code>npm start</code>, which builds it when needed),
or point <code>WEB_DIST</code> at a built copy.</p>
</body></html>`;

export function webAppBuilt(webDist: string): boolean {
  return existsSync(join(webDist, 'index.html'));
}

export async function webAppRoutes(app: FastifyInstance, { webDist }: { webDist: string }) {
  if (!webAppBuilt(webDist)) {
    app.get('/', allow(PUBLIC), async (_request, reply) =>
      reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT(webDist)),
    );
    return;
  }
  // The web app's files are public: the data comes from the API, which checks every call.
  declareContextAccess(app, PUBLIC);
  await app.register(fastifyStatic, {
    root: webDist,
    index: ['index.html'],
    wildcard: true,
    // The build writes .br and .gz beside each file (web/scripts/precompress.ts): served by the
    // request's Accept-Encoding, with Vary: Accept-Encoding, and no compression per request.
    preCompressed: true,
    // Hashed asset names never change content; index.html must always be revalidated.
    setHeaders: (reply, filePath) => {
      reply.header(
        'Cache-Control',
        /[\\/]assets[\\/]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
