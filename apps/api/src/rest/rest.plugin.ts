/** Registers the route table on Fastify and answers failures in the documented error format. */
import type { FastifyInstance } from 'fastify';
import { createCaller } from '../app-router';
import { createRequestContext, type RequestDependencies } from '../request-context';
import { sendError } from '../http/error-handler';
import { callRoute, restRoutes } from './routes';

export type RestPluginOptions = RequestDependencies;

export async function restPlugin(app: FastifyInstance, options: RestPluginOptions): Promise<void> {
  for (const route of restRoutes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (req, reply) => {
        try {
          const ctx = await createRequestContext(req, reply, options);
          const result = await callRoute(route, createCaller(ctx), ctx);
          return reply.code(route.status ?? 200).send(result ?? null);
        } catch (error) {
          return sendError(reply, error);
        }
      },
    });
  }
}
