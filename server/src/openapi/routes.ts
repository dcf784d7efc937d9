/** `GET /v3/api-docs`: the OpenAPI document, public like JHipster's (no secret is in it). */
import { documentation } from '@extranet/core/contract/documentation.ts';
import type { FastifyInstance } from 'fastify';
import { route } from '../contract/route.ts';
import { openApiDocument } from './document.ts';

export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  const body = JSON.stringify(openApiDocument());
  route(app, documentation.apiDocs, async (_, _request, reply) =>
    reply.type('application/json; charset=utf-8').send(body),
  );
}
