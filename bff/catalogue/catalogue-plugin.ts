import type { UpstreamCaller } from '#bff/plugins/upstream.ts';
import fp from 'fastify-plugin';
import { refreshMovie } from './catalogue-reads.ts';

/**
 * What other features may ask of the catalogue at run time (`app.catalogue`): for now, to
 * show a movie's news at once on every replica (the "Avísame" checker before its e-mail links
 * to the movie's page). Features do not import each other's folders (bff/README.md).
 */
interface Catalogue {
  refreshMovie(caller: UpstreamCaller, slug: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: Catalogue;
  }
}

export const cataloguePlugin = fp(
  async (app) => {
    app.decorate('catalogue', {
      refreshMovie: (request: UpstreamCaller, slug: string) => refreshMovie({ app, request }, slug),
    });
  },
  { name: 'viziona-catalogue', dependencies: ['viziona-catalogue-cache', 'viziona-upstream'] },
);
