/**
 * Plain-text bodies: reset-password/init and change-password take the raw value (the 4.x client
 * sends it so). At the root (fastify-plugin) so those routes' scopes see the parser.
 */
import fp from 'fastify-plugin';

export const textBodyPlugin = fp(
  async (app, { bodyLimit }: { readonly bodyLimit: number }) => {
    app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit }, (_req, body, done) =>
      done(null, body),
    );
  },
  { name: 'text-body' },
);
