// Which Cita the security suites attack: the one they start (PGlite + Auth emulator, the default), or
// any running Cita named by CITA_BASE_URL with test accounts in CITA_ACCOUNTS (QA; see
// scripts/test-contract.mjs, `npm run test:contract -- --base-url URL --account email:password`).
import { join, signUpOwner, startServer, startTestEmulator, type Actor, type TestEmulator, type TestServer } from '../server/harness.ts';

export interface TargetActor {
  email: string;
  userId: string;
  tenantId: string;
  idToken: string;
  sessionToken(): string;
}

export interface Target {
  baseUrl: string;
  actor: TargetActor;
  /** A second business's owner (cross-tenant checks). */
  stranger: TargetActor;
  /** False against someone else's Cita: no new accounts, nothing destructive. */
  canCreateActors: boolean;
  freshActor(): Promise<TargetActor>;
  /** A new member of `actor`'s business with this role (only where canCreateActors). */
  teammate(role: 'TEAM_ROLE_ADMIN' | 'TEAM_ROLE_MEMBER'): Promise<TargetActor>;
  /** May this operation answer 501 (not built yet)? */
  allow501(operationId: string): boolean;
  /** The local server, for checks that read its database (absent against a remote Cita). */
  server?: TestServer;
  close(): Promise<void>;
}

/** The operations this Cita's code answers 501 (not built yet): none since issues 19 and 20 landed; a new one would be listed here. */
export const NOT_IMPLEMENTED: ReadonlySet<string> = new Set<string>();

function fromActor(actor: Actor, tenantId: string): TargetActor {
  return { email: actor.email, userId: actor.userId, tenantId, idToken: actor.idToken, sessionToken: () => actor.token };
}

async function local(): Promise<Target> {
  let emulator: TestEmulator | undefined;
  let server: TestServer | undefined;
  try {
    emulator = await startTestEmulator();
    server = await startServer('pglite', emulator.emulator.host);
    const s = server;
    const owner = async (label: string) => {
      const { owner: actor, tenant } = await signUpOwner(s, label);
      return { full: actor, tenant, actor: fromActor(actor, tenant.id) };
    };
    const [main, other] = await Promise.all([owner('fuzz'), owner('stranger')]);
    const [actor, stranger] = [main.actor, other.actor];
    const e = emulator;
    return {
      baseUrl: s.baseUrl,
      actor,
      stranger,
      canCreateActors: true,
      freshActor: async () => (await owner('fuzz-fresh')).actor,
      teammate: async (role) => fromActor(await join(s, main.full, main.tenant, role, role === 'TEAM_ROLE_ADMIN' ? 'admin' : 'member'), main.tenant.id),
      allow501: (operationId) => NOT_IMPLEMENTED.has(operationId),
      server: s,
      async close() {
        await s.close();
        await e.dispose();
      },
    };
  } catch (error) {
    await server?.close();
    await emulator?.dispose();
    throw error;
  }
}

async function json(response: Response) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

async function remote(baseUrl: string, accounts: string[]): Promise<Target> {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const apiKey = process.env.FIREBASE_API_KEY ?? 'fake-api-key';
  const identityToolkit = emulatorHost ? `http://${emulatorHost}/identitytoolkit.googleapis.com` : 'https://identitytoolkit.googleapis.com';
  const signIn = async (account: string): Promise<TargetActor> => {
    const at = account.indexOf(':');
    const [email, password] = [account.slice(0, at), account.slice(at + 1)];
    const { idToken } = await json(
      await fetch(`${identityToolkit}/v1/accounts:signInWithPassword?key=${apiKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, returnSecureToken: true }),
      }),
    );
    const session = await json(
      await fetch(`${baseUrl}/v1/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ firebase_id_token: idToken }) }),
    );
    const { tenants } = await json(await fetch(`${baseUrl}/v1/tenants/users/${session.userId}`, { headers: { authorization: `Bearer ${session.token}` } }));
    if (!tenants?.[0]) throw new Error(`${email} has no business: the security suites need each test account to own one.`);
    return { email, userId: session.userId, tenantId: tenants[0].id, idToken, sessionToken: () => session.token };
  };
  const [actor, stranger] = await Promise.all(accounts.slice(0, 2).map(signIn));
  return {
    baseUrl,
    actor: actor!,
    stranger: stranger!,
    canCreateActors: false,
    freshActor: () => Promise.reject(new Error('no new accounts against a remote Cita')),
    teammate: () => Promise.reject(new Error('no new accounts against a remote Cita')),
    allow501: () => true,
    close: async () => {},
  };
}

export async function targetFor(): Promise<Target> {
  const baseUrl = process.env.CITA_BASE_URL;
  if (!baseUrl) return local();
  const accounts = (process.env.CITA_ACCOUNTS ?? '').split(',').filter(Boolean);
  if (accounts.length < 2) throw new Error('CITA_ACCOUNTS needs two test accounts (email:password,email:password), each owning a business.');
  return remote(baseUrl.replace(/\/$/, ''), accounts);
}
