/** `GET /v3/api-docs`: the OpenAPI document, public like JHipster's (no secret is in it). */
import type { FastifyInstance } from 'fastify';
import { allow, PUBLIC } from '../auth/access.ts';
import { openApiDocument } from './document.ts';

export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  const body = JSON.stringify(openApiDocument());
  app.get('/v3/api-docs', allow(PUBLIC), async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(body),
  );
}
