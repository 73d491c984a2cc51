// Integration-test fixture: the real API (buildApp) listening on 127.0.0.1 over PGlite or PostgreSQL,
// with the Firebase Auth emulator as identity provider, driven through the generated SDK (whose zod
// validators check every 2xx response against the contract).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createClient, createConfig, type Client } from '../../generated/client/index.ts';
import { createTenant, inviteTeamMembers, registerUser } from '../../generated/sdk.gen.ts';
import type { Invitation, InvitedRole, Problem, SessionResponse, Tenant, TenantInput } from '../../generated/types.gen.ts';
import { zProblem } from '../../generated/zod.gen.ts';
import { createEmulatorUser } from '../../scripts/emulator.mjs';
import { buildApp } from '../../server/app.ts';
import { createIdTokenVerifier, type IdTokenVerifier } from '../../server/auth/firebase.ts';
import { loadConfig, type ServerConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { testTarget, type TestTarget } from '../../server/db/test-databases.ts';

export { EMULATOR_START_TIMEOUT_MS, startTestEmulator, type TestEmulator } from '../../server/auth/emulator-fixture.ts';
export { testEngines } from '../../server/db/test-databases.ts';

export type Engine = 'pglite' | 'postgres';
/** PGlite takes ~4 s to create, a PostgreSQL database ~1 s; migrations and buildApp come on top. */
export const SERVER_START_TIMEOUT_MS = 60_000;
export const TRIAL_DAYS = 45;
/** The one application registered for single sign-on on test servers. */
export const SSO_REDIRECT_URI = 'https://partner.test/callback';

/** A unique, valid e-mail address per call, so that tests sharing one server and emulator never collide. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

/** One API instance on one database. */
export interface TestServer {
  engine: Engine;
  baseUrl: string;
  app: FastifyInstance;
  config: ServerConfig;
  /** The same database the server uses, for arranging what the API cannot (an expired session). */
  db: Database;
  emulatorHost: string;
  /** Platform administrators configured in CITA_ADMIN_EMAILS (`victim`: for the takeover tests, unused elsewhere). */
  admins: { verified: string; unverified: string; victim: string };
  /** Another app on the same database whose identity operations allow only `identityPerMinute` calls. */
  startRateLimited(identityPerMinute: number, extraEnv?: NodeJS.ProcessEnv): Promise<{ baseUrl: string }>;
  /** Another app on the same database and emulator with more environment (e.g. ASSET_S3_BUCKET…); closed with the server. */
  startWith(extraEnv: NodeJS.ProcessEnv): Promise<{ baseUrl: string; config: ServerConfig }>;
  close(): Promise<void>;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server has no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Opens a fresh database of `engine` and serves the API on it. The emulator host may still be
 * coming: the database (the slow part on PGlite) is created while the emulator starts.
 */
export async function startServer(engine: Engine, emulator: string | Promise<string>): Promise<TestServer> {
  const cleanups: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error('test server cleanup:', error));
    cleanups.length = 0;
  };
  try {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cita-api-test-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const target: TestTarget = await testTarget(engine);
    cleanups.push(() => target.dispose());
    const db = await openDatabase(target.options);
    cleanups.push(() => db.close());
    const emulatorHost = await emulator;

    const admins = { verified: uniqueEmail('admin'), unverified: uniqueEmail('admin-unverified'), victim: uniqueEmail('admin-victim') };
    const env = {
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      FIREBASE_PROJECT_ID: 'demo-cita',
      DATA_DIR: dataDir,
      CITA_ADMIN_EMAILS: `${admins.verified},${admins.unverified},${admins.victim}`,
      TRIAL_DAYS: String(TRIAL_DAYS),
      // Every test calls login/register from 127.0.0.1: the shared app must not rate-limit them.
      IDENTITY_RATE_LIMIT: '10000',
      API_RATE_LIMIT: '1000000',
      SSO_REDIRECT_URIS: SSO_REDIRECT_URI,
      WRITE_RATE_LIMIT: '10000',
      PUBLIC_RATE_LIMIT: '100000',
      // Every online booking of the suites comes from 127.0.0.1 too (the per-address limit has its own test).
      BOOKING_ADDRESS_RATE_LIMIT: '100000',
      PUBLIC_URL: 'https://cita.test',
    };
    const config = loadConfig(env);
    const verifier: IdTokenVerifier = createIdTokenVerifier({
      projectId: config.firebase.projectId,
      emulatorHost: config.firebase.emulatorHost,
      production: config.production,
    });
    cleanups.push(() => verifier.close());
    const app = await buildApp({ config, db, verifier, logger: false });
    cleanups.push(() => app.close());
    const baseUrl = await listen(app);
    const startWith = async (extraEnv: NodeJS.ProcessEnv) => {
      const variant = loadConfig({ ...env, ...extraEnv });
      const other = await buildApp({ config: variant, db, verifier, logger: false });
      // Closed before the database (cleanups run in reverse).
      cleanups.push(() => other.close());
      return { baseUrl: await listen(other), config: variant };
    };

    return {
      engine,
      baseUrl,
      app,
      config,
      db,
      emulatorHost,
      admins,
      async startRateLimited(identityPerMinute, extraEnv = {}) {
        const { baseUrl } = await startWith({ IDENTITY_RATE_LIMIT: String(identityPerMinute), ...extraEnv });
        return { baseUrl };
      },
      startWith,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** An SDK client for one caller: the session token (or Firebase ID token) goes out as `Authorization: Bearer`. */
export function clientFor(baseUrl: string, token?: string): Client {
  return createClient(createConfig({ baseUrl, ...(token ? { auth: token } : {}) }));
}

/** A person signed in to the Auth emulator (not necessarily registered in Cita). */
export interface Identity {
  email: string;
  uid: string;
  idToken: string;
  /** Sends the Firebase ID token as bearer (checkUserExists, autoRegisterBusiness). */
  idClient: Client;
}

export async function newIdentity(server: TestServer, label: string, options: { email?: string; verified?: boolean } = {}): Promise<Identity> {
  const email = options.email ?? uniqueEmail(label);
  const user = { email, password: `secret-${randomBytes(6).toString('hex')}`, emailVerified: options.verified ?? true };
  let created;
  try {
    created = await createEmulatorUser(server.emulatorHost, user);
  } catch (error) {
    // Node's fetch may reuse a keep-alive connection the emulator has just closed ("other side
    // closed"): the request never reached it, so send it once more on a new connection.
    if (!(error instanceof TypeError && /fetch failed/.test(error.message))) throw error;
    created = await createEmulatorUser(server.emulatorHost, user);
  }
  return { email, uid: created.localId, idToken: created.idToken, idClient: clientFor(server.baseUrl, created.idToken) };
}

/** A registered Cita user with an open session. */
export interface Actor extends Identity {
  userId: string;
  token: string;
  session: SessionResponse;
  /** Sends the Cita session token as bearer. */
  client: Client;
}

export async function register(server: TestServer, identity: Identity, extra: { locale?: 'en-US' | 'es-ES' } = {}): Promise<Actor> {
  const session = await ok(
    registerUser({
      client: clientFor(server.baseUrl),
      body: { email: identity.email, firebase_id_token: identity.idToken, terms_accepted: true, ...extra },
    }),
    201,
  );
  return { ...identity, userId: session.userId, token: session.token, session, client: clientFor(server.baseUrl, session.token) };
}

export async function signUp(server: TestServer, label: string, options: { email?: string; verified?: boolean; locale?: 'en-US' | 'es-ES' } = {}): Promise<Actor> {
  const identity = await newIdentity(server, label, options);
  return register(server, identity, options.locale ? { locale: options.locale } : {});
}

export async function newTenant(actor: Actor, input: Partial<TenantInput> = {}): Promise<Tenant> {
  const { tenant } = await ok(
    createTenant({ client: actor.client, body: { tenant: { businessName: `Salon ${actor.email.split('@')[0]}`, email: actor.email, ...input } } }),
    201,
  );
  return tenant;
}

/** A user who owns a fresh business. */
export async function signUpOwner(server: TestServer, label: string): Promise<{ owner: Actor; tenant: Tenant }> {
  const owner = await signUp(server, label);
  return { owner, tenant: await newTenant(owner) };
}

type SdkResult<T> = { data?: T; error?: unknown; request: Request; response: Response };

/**
 * The data of a successful SDK call (already checked by the generated zod validator: a response
 * that breaks the contract rejects with a ZodError), after checking its status.
 */
export async function ok<T>(call: Promise<SdkResult<T>>, status = 200): Promise<T> {
  const { data, error, request, response } = await call;
  if (!response) throw new Error(`${request.method} ${request.url}: no response (${String(error)})`);
  if (response.status !== status) {
    throw new Error(`${request.method} ${new URL(request.url).pathname} answered ${response.status}, expected ${status}: ${JSON.stringify(error ?? data)}`);
  }
  return data as T;
}

/**
 * Checks that a call failed with `status` as an RFC 9457 problem the contract accepts
 * (application/problem+json, type, title, status) and returns the problem.
 */
export async function problem(call: Promise<SdkResult<unknown>> | Promise<RawResult>, status: number): Promise<Problem> {
  const result = await call;
  const { response } = result;
  const body = 'json' in result ? result.json : result.error;
  const where = 'request' in result ? `${result.request.method} ${new URL(result.request.url).pathname}` : 'raw request';
  expect(response.status, `${where}: ${JSON.stringify(body)}`).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json\b/);
  const parsed = zProblem.parse(body) as Problem;
  expect(parsed.status).toBe(status);
  expect(parsed.title).toBeTruthy();
  expect(parsed.type).toMatch(/^https:\/\/cita\.example\/problems\//);
  expect(parsed.requestId).toBe(response.headers.get('x-request-id'));
  return parsed;
}

export interface RawResult {
  response: Response;
  json: unknown;
}

/**
 * A request that the SDK's request validator would refuse to send (unknown fields, wrong types,
 * malformed JSON): only for asserting how the server rejects it.
 */
export async function raw(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<RawResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { response, json };
}

/** The field pointers of a 400/422 problem. */
export const fields = (p: Problem) => (p.errors ?? []).map((e) => e.field);

/** Opening hours with one range a day, Monday to Friday. */
export function weekdayHours(timeZone = 'Europe/Madrid', monday = [{ start: '09:00', end: '14:00' }, { start: '16:00', end: '20:00' }]) {
  const day = [{ start: '09:00', end: '17:00' }];
  return { timeZone, weekly: { monday, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: [], sunday: [] } };
}

const adminSessions = new WeakMap<TestServer, Promise<Actor>>();
/** The platform administrator of this server (its verified CITA_ADMIN_EMAILS address), registered once. */
export function adminOf(server: TestServer): Promise<Actor> {
  let admin = adminSessions.get(server);
  if (!admin) {
    admin = signUp(server, 'admin', { email: server.admins.verified, verified: true });
    adminSessions.set(server, admin);
  }
  return admin;
}

/** `manager` invites a new address to `tenant`; returns the invitation. */
export async function invite(manager: Actor, tenant: Tenant, email: string, role?: InvitedRole): Promise<Invitation> {
  const { items } = await ok(inviteTeamMembers({ client: manager.client, path: { tenantId: tenant.id }, body: { subjects: [email], ...(role ? { role } : {}) } }), 201);
  expect(items).toHaveLength(1);
  return items[0]!;
}

/** A new person invited to `tenant` with `role`, who then registers and so joins the team. */
export async function join(server: TestServer, manager: Actor, tenant: Tenant, role: InvitedRole, label: string): Promise<Actor> {
  const email = uniqueEmail(label);
  await invite(manager, tenant, email, role);
  return signUp(server, label, { email });
}

/**
 * The emulator's ID tokens are unsigned JWTs (`alg: none`). This one is the same token with some
 * claims changed: what a forger could send (another project, an expired token).
 */
export function reissueIdToken(idToken: string, claims: Record<string, unknown>): string {
  const [header, payload, signature = ''] = idToken.split('.');
  const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  return [header, Buffer.from(JSON.stringify({ ...decoded, ...claims })).toString('base64url'), signature].join('.');
}
