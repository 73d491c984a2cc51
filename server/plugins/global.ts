import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/**
 * Marks a plugin as applying to the whole server (what the fastify-plugin package does): its hooks,
 * handlers and decorations are not encapsulated in a child context. Cita's plugins are the parts of
 * one server, registered once by buildApp (server/app.ts), so they all are.
 */
export function globalPlugin<Options extends FastifyPluginOptions = Record<never, never>>(plugin: FastifyPluginAsync<Options>): FastifyPluginAsync<Options> {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}
