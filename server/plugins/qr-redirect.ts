import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { sendProblem } from '../problem.ts';
import { languageOf, qrProblemPage } from '../qr-codes/pages.ts';
import { scan } from '../qr-codes/repository.ts';
import { scanCounterOf } from '../qr-codes/scan-counter.ts';
import { globalPlugin } from './global.ts';

const CODE = /^[A-Za-z0-9]{8}$/;

/**
 * /q/{code}, the short link a printed QR code encodes (issue 19): public, limited per client address
 * like the other public routes (PUBLIC_RATE_LIMIT a minute, shared through Redis), it answers 302 to
 * the code's current target and counts the scan right behind the answer (total and day:
 * ../qr-codes/scan-counter.ts, which the QR screens wait for before reading). A deleted code: 410;
 * an unknown one: 404; a page in the browser's language for browsers, problem+json otherwise. HEAD
 * (link previews) reads without counting. Never cached: every scan must reach the server.
 * Registered after the API (server/app.ts), whose rate-limit plugin it uses.
 */
export const qrRedirectPlugin = globalPlugin<{ config: ServerConfig; db: Database }>(async (app, { config, db }) => {
  const counter = scanCounterOf(db, (error) => app.log.error({ err: error }, 'qr: scans not counted'));
  app.addHook('onClose', () => counter.settled());
  const limit = app.rateLimit({ max: config.rateLimit.publicPerMinute, timeWindow: '1 minute', keyGenerator: (request) => `qr:ip:${request.ip}` });
  const refuse = (request: FastifyRequest, reply: FastifyReply, which: 'gone' | 'unknown') => {
    const status = which === 'gone' ? 410 : 404;
    reply.header('cache-control', 'no-store');
    if ((request.headers.accept ?? '').includes('text/html')) {
      return reply.code(status).type('text/html; charset=utf-8').send(qrProblemPage(which, languageOf(request.headers['accept-language'])));
    }
    return sendProblem(request, reply, status, which === 'gone' ? 'This QR code was deleted by its business.' : 'No QR code has this address.');
  };
  app.get<{ Params: { code: string } }>('/q/:code', { onRequest: limit }, async (request, reply) => {
    const { code } = request.params;
    if (!CODE.test(code)) return refuse(request, reply, 'unknown');
    const result = await db.withSystem((tx) => scan(tx, code));
    if (result.status !== 'redirect') return refuse(request, reply, result.status);
    const spanish = languageOf(request.headers['accept-language']) === 'es';
    const target =
      result.targetUrl ?? (result.bookingSlug ? `${config.publicUrl}${spanish ? '/es-ES' : ''}/book/${encodeURIComponent(result.bookingSlug)}` : null);
    if (!target) return refuse(request, reply, 'unknown');
    if (request.method === 'GET') counter.add(code);
    return reply.code(302).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(target, 302);
  });
});
