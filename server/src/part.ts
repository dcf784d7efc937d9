/**
 * One line of app.ts: a named part of the server (a fastify plugin), the parts it needs before it,
 * and its options taken from the app's services. `part()` registers the plugin as it is (its own
 * scope, or the root for a fastify-plugin that decorates or hooks) inside a fastify-plugin of that
 * name with those dependencies, so Fastify refuses to start when a part comes before one it needs,
 * and `app.hasPlugin(name)` answers for every part.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Services } from './services.ts';

export interface Part {
  readonly name: string;
  /** Registers the part on the app (whose services are decorated already). */
  readonly register: (app: FastifyInstance) => Promise<void>;
}

/** What routes need: the error table and the auth hook that applies each route's access rule. */
export const ROUTES = ['services', 'error-handler', 'auth'] as const;

// Any plugin's own options type: a part's options function is checked against it.
// biome-ignore lint/suspicious/noExplicitAny: Fastify's plugin types vary by server and logger type.
type Plugin<O> = (app: any, options: O) => Promise<void> | void;

export const part = <O>(
  name: string,
  dependencies: readonly string[],
  plugin: Plugin<O>,
  options: (services: Services) => O = () => ({}) as O,
): Part => ({
  name,
  register: async (app) => {
    await app.register(
      fp(
        async (root: FastifyInstance) => {
          // The options function was checked against the plugin's own options type above.
          await root.register(plugin as FastifyPluginAsync, options(root.services) as FastifyPluginOptions);
        },
        { name, dependencies: [...dependencies] },
      ),
    );
  },
});
