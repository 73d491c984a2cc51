import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, EMULATOR_API_KEY } from '../../scripts/emulator.mjs';
import { EMULATOR_START_TIMEOUT_MS, freePort, startTestEmulator, type TestEmulator } from './emulator-fixture.ts';
import {
  createIdTokenVerifier,
  IdentityProviderUnavailableError,
  InvalidIdTokenError,
  type IdTokenVerifier,
} from './firebase.ts';

const PROJECT_ID = 'demo-cita';
const savedEmulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;

let fixture: TestEmulator;
let verifier: IdTokenVerifier;
let alice: { idToken: string; localId: string };
let bob: { idToken: string; localId: string };

beforeAll(async () => {
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  fixture = await startTestEmulator(PROJECT_ID);
  const host = fixture.emulator.host;
  alice = await createEmulatorUser(host, { email: 'Alice@Example.com', password: 'alice-secret-1' });
  bob = await createEmulatorUser(host, { email: 'bob@example.com', password: 'bob-secret-12', emailVerified: true });
  verifier = createIdTokenVerifier({ projectId: PROJECT_ID, emulatorHost: host, production: false });
}, EMULATOR_START_TIMEOUT_MS);

afterAll(async () => {
  await verifier?.close();
  await fixture?.dispose();
  if (savedEmulatorHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  else process.env.FIREBASE_AUTH_EMULATOR_HOST = savedEmulatorHost;
}, 30_000);

/** Rewrites claims of an (unsigned) emulator token, keeping its header and signature part. */
function tamper(idToken: string, change: (claims: Record<string, unknown>) => void): string {
  const [header, payload, signature] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  change(claims);
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

async function rejection(promise: Promise<unknown>): Promise<InvalidIdTokenError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(InvalidIdTokenError);
  return error as InvalidIdTokenError;
}

describe('createIdTokenVerifier against the Auth emulator', () => {
  it('accepts an ID token from the emulator and returns who signed in', async () => {
    await expect(verifier.verify(alice.idToken)).resolves.toEqual({
      uid: alice.localId,
      email: 'alice@example.com',
      emailVerified: false,
      signInProvider: 'password',
    });
    await expect(verifier.verify(bob.idToken)).resolves.toMatchObject({ uid: bob.localId, emailVerified: true });
  });

  it('rejects garbage', async () => {
    for (const garbage of ['', 'not-a-token', 'a.b.c', `${'x'.repeat(20_000)}`]) await rejection(verifier.verify(garbage));
  });

  it('rejects a token whose payload was tampered with', async () => {
    await rejection(verifier.verify(tamper(alice.idToken, (claims) => { claims.email = 'bob@example.com'; })));
    await rejection(verifier.verify(tamper(alice.idToken, (claims) => { claims.email_verified = true; })));
    await rejection(verifier.verify(tamper(alice.idToken, (claims) => { claims.sub = bob.localId; claims.user_id = bob.localId; })));
    await rejection(verifier.verify(tamper(alice.idToken, (claims) => { claims.sub = 'no-such-user'; })));
  });

  it('rejects an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const error = await rejection(verifier.verify(tamper(alice.idToken, (claims) => {
      claims.iat = now - 7200;
      claims.exp = now - 3600;
    })));
    expect(error.code).toBe('auth/id-token-expired');
  });

  it('rejects a token issued for another project', async () => {
    const other = createIdTokenVerifier({ projectId: 'demo-other', production: false });
    try {
      await rejection(other.verify(alice.idToken));
    } finally {
      await other.close();
    }
  });

  it('rejects the token of a user who has since been disabled', async () => {
    const carol = await createEmulatorUser(fixture.emulator.host, { email: 'carol@example.com', password: 'carol-secret-1' });
    await expect(verifier.verify(carol.idToken)).resolves.toMatchObject({ uid: carol.localId });
    const response = await fetch(
      `http://${fixture.emulator.host}/identitytoolkit.googleapis.com/v1/accounts:update?key=${EMULATOR_API_KEY}`,
      { method: 'POST', headers: { authorization: 'Bearer owner', 'content-type': 'application/json' }, body: JSON.stringify({ localId: carol.localId, disableUser: true }) },
    );
    expect(response.ok).toBe(true);
    expect((await rejection(verifier.verify(carol.idToken))).code).toBe('auth/user-disabled');
  });

  it('reports an unreachable emulator as unavailable, not as a bad token', async () => {
    const deadHost = `127.0.0.1:${await freePort()}`;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const unreachable = createIdTokenVerifier({ projectId: PROJECT_ID, emulatorHost: deadHost, production: false });
    try {
      await expect(unreachable.verify(alice.idToken)).rejects.toBeInstanceOf(IdentityProviderUnavailableError);
    } finally {
      await unreachable.close();
      process.env.FIREBASE_AUTH_EMULATOR_HOST = fixture.emulator.host;
    }
  });
});

describe('createIdTokenVerifier in production', () => {
  it('refuses to start with the emulator configured, by option or by environment', () => {
    const host = fixture.emulator.host;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    expect(() => createIdTokenVerifier({ projectId: 'cita-prod', emulatorHost: host, production: true }))
      .toThrow(/FIREBASE_AUTH_EMULATOR_HOST.*production/);
    process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
    expect(() => createIdTokenVerifier({ projectId: 'cita-prod', production: true }))
      .toThrow(/FIREBASE_AUTH_EMULATOR_HOST.*production/);
  });

  it('refuses the emulator for a project that is not a demo- one, whatever NODE_ENV says', () => {
    const host = fixture.emulator.host;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    expect(() => createIdTokenVerifier({ projectId: 'cita-prod', emulatorHost: host, production: false })).toThrow(/not a demo- project/);
    process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  });

  it('refuses an emulator-only demo project', () => {
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    try {
      expect(() => createIdTokenVerifier({ projectId: 'demo-cita', production: true })).toThrow(/demo project/);
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = fixture.emulator.host;
    }
  });

  it('starts with just a project id and rejects unsigned emulator tokens without going online', async () => {
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const production = createIdTokenVerifier({ projectId: PROJECT_ID.replace('demo-', ''), production: true });
    try {
      expect(production.usesEmulator).toBe(false);
      const forged = tamper(alice.idToken, (claims) => {
        claims.aud = 'cita';
        claims.iss = 'https://securetoken.google.com/cita';
      });
      await rejection(production.verify(forged));
    } finally {
      await production.close();
      process.env.FIREBASE_AUTH_EMULATOR_HOST = fixture.emulator.host;
    }
  });
});
