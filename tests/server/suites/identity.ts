// Sign-up and sign-in, sessions (forged, expired, revoked), profiles, administrators, rate limits.
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  acceptInvitation,
  autoRegisterBusiness,
  checkUserExists,
  createTenant,
  deleteTenant,
  getConfiguration,
  getTenant,
  getUser,
  importCustomers,
  inviteTeamMembers,
  listAdminTenants,
  listCustomers,
  listTeamMembers,
  listUserTenants,
  loginUser,
  logoutUser,
  registerUser,
  removeTeamMember,
  revokeInvitation,
  updateTenant,
  updateUser,
} from '../../../generated/sdk.gen.ts';
import { hashSessionToken } from '../../../server/auth/session-token.ts';
import { adminOf, clientFor, fields, newIdentity, ok, problem, raw, reissueIdToken, signUp, signUpOwner, uniqueEmail, type TestServer } from '../harness.ts';

/** Shaped like a JWT, but signed by nobody. */
const FORGED_ID_TOKEN = ['eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9', Buffer.from('{"sub":"x"}').toString('base64url'), 'c2lnbmF0dXJl'].join('.');

export function identitySuite(server: () => TestServer) {
  const anonymous = () => clientFor(server().baseUrl);

  describe('sign-up and sign-in', () => {
    it('checks, registers, finds, logs in, and refuses a second registration', async () => {
      const s = server();
      const who = await newIdentity(s, 'signup');

      expect(await ok(checkUserExists({ client: who.idClient, path: { email: who.email } }))).toEqual({ exists: false });

      const registered = await ok(
        registerUser({ client: anonymous(), body: { email: who.email, firebase_id_token: who.idToken, registering_from: 'REGISTERING_FROM_WEB', locale: 'es-ES' } }),
        201,
      );
      expect(registered.isAdmin).toBe(false);
      expect(new Date(registered.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);

      // The address is checked case-insensitively.
      expect(await ok(checkUserExists({ client: who.idClient, path: { email: who.email.toUpperCase() } }))).toEqual({ exists: true });

      const loggedIn = await ok(loginUser({ client: anonymous(), body: { firebase_id_token: who.idToken } }));
      expect(loggedIn.userId).toBe(registered.userId);
      expect(loggedIn.token).not.toBe(registered.token);

      const { user } = await ok(getUser({ client: clientFor(s.baseUrl, loggedIn.token), path: { id: loggedIn.userId } }));
      expect(user).toMatchObject({ id: registered.userId, email: who.email, status: 'USER_STATUS_NEW', locale: 'es-ES' });

      const again = await problem(registerUser({ client: anonymous(), body: { email: who.email, firebase_id_token: who.idToken } }), 409);
      expect(again.code).toBe('already_registered');
    });

    it('registers an identity once when two registrations race (201 and 409, no 500)', async () => {
      const who = await newIdentity(server(), 'race');
      const body = { email: who.email, firebase_id_token: who.idToken };
      const results = await Promise.all([registerUser({ client: anonymous(), body }), registerUser({ client: anonymous(), body })]);
      expect(results.map((r) => r.response.status).sort()).toEqual([201, 409]);
    });

    it('refuses to register an e-mail other than the signed-in one (422 on /email)', async () => {
      const who = await newIdentity(server(), 'mismatch');
      const p = await problem(registerUser({ client: anonymous(), body: { email: uniqueEmail('someone-else'), firebase_id_token: who.idToken } }), 422);
      expect(fields(p)).toEqual(['/email']);
      // Nothing was created.
      await problem(loginUser({ client: anonymous(), body: { firebase_id_token: who.idToken } }), 404);
    });

    it('refuses to register without accepting the terms (422 on /terms_accepted)', async () => {
      const who = await newIdentity(server(), 'terms');
      const p = await problem(registerUser({ client: anonymous(), body: { email: who.email, firebase_id_token: who.idToken, terms_accepted: false } }), 422);
      expect(fields(p)).toEqual(['/terms_accepted']);
    });

    it('answers 404 to a login by an identity with no Cita account', async () => {
      const who = await newIdentity(server(), 'unknown');
      const p = await problem(loginUser({ client: anonymous(), body: { firebase_id_token: who.idToken } }), 404);
      expect(p.detail).toMatch(/register/i);
    });

    it('answers 401 to a login or registration with a forged ID token', async () => {
      await problem(loginUser({ client: anonymous(), body: { firebase_id_token: FORGED_ID_TOKEN } }), 401);
      await problem(registerUser({ client: anonymous(), body: { email: uniqueEmail('forger'), firebase_id_token: FORGED_ID_TOKEN } }), 401);
    });

    it('answers 401 to an expired ID token or one issued for another project', async () => {
      const s = server();
      const me = await signUp(s, 'stale');
      const hourAgo = Math.floor(Date.now() / 1000) - 3600;
      const expired = reissueIdToken(me.idToken, { iat: hourAgo - 3600, auth_time: hourAgo - 3600, exp: hourAgo });
      const p = await problem(loginUser({ client: anonymous(), body: { firebase_id_token: expired } }), 401);
      expect(p.detail).toMatch(/invalid or expired/);
      await problem(checkUserExists({ client: clientFor(s.baseUrl, expired), path: { email: me.email } }), 401);
      const otherProject = reissueIdToken(me.idToken, { aud: 'demo-other', iss: 'https://securetoken.google.com/demo-other' });
      await problem(loginUser({ client: anonymous(), body: { firebase_id_token: otherProject } }), 401);
      // Claiming another (administrator) e-mail than the identity's record.
      const claimed = reissueIdToken(me.idToken, { email: s.admins.verified, email_verified: true });
      await problem(loginUser({ client: anonymous(), body: { firebase_id_token: claimed } }), 401);
      // The untouched token still signs in.
      await ok(loginUser({ client: anonymous(), body: { firebase_id_token: me.idToken } }));
    });

    it('lets a caller check only its own e-mail: 403 for another, 401 without or with a session token', async () => {
      const s = server();
      const who = await newIdentity(s, 'checker');
      const victim = await signUp(s, 'victim');
      const p = await problem(checkUserExists({ client: who.idClient, path: { email: victim.email } }), 403);
      expect(p.detail).toMatch(/own e-mail/);
      await problem(checkUserExists({ client: anonymous(), path: { email: who.email } }), 401);
      // A Cita session token is not a Firebase ID token.
      await problem(checkUserExists({ client: victim.client, path: { email: victim.email } }), 401);
    });
  });

  describe('auto-registration of a business', () => {
    const body = (who: { email: string; idToken: string }) => ({
      email: who.email,
      firebase_id_token: who.idToken,
      businessName: `Auto ${who.email.split('@')[0]}`,
      category: 'barbershop',
      locale: 'es-ES' as const,
      timeZone: 'Atlantic/Canary',
    });

    it('creates the account and its business in one call, then refuses a second time (409)', async () => {
      const s = server();
      const who = await newIdentity(s, 'auto');
      const created = await ok(autoRegisterBusiness({ client: who.idClient, body: body(who) }), 201);
      const client = clientFor(s.baseUrl, created.token);
      const { tenant } = await ok(getTenant({ client, path: { tenantId: created.tenantId } }));
      expect(tenant).toMatchObject({ ownerUserId: created.userId, email: who.email, category: 'barbershop', locale: 'es-ES', timeZone: 'Atlantic/Canary', status: 'TENANT_STATUS_PENDING_OPENING_HOURS' });
      const { user } = await ok(getUser({ client, path: { id: created.userId } }));
      expect(user).toMatchObject({ email: who.email, status: 'USER_STATUS_ACTIVE', locale: 'es-ES' });
      const team = await ok(listTeamMembers({ client, path: { tenantId: created.tenantId } }));
      expect(team.items.map((m) => [m.userId, m.role])).toEqual([[created.userId, 'TEAM_ROLE_OWNER']]);
      await problem(autoRegisterBusiness({ client: who.idClient, body: body(who) }), 409);
    });

    it('answers 401 without an ID token as bearer, and 422 for another e-mail', async () => {
      const s = server();
      const who = await newIdentity(s, 'auto-bad');
      await problem(autoRegisterBusiness({ client: anonymous(), body: body(who) }), 401);
      const p = await problem(autoRegisterBusiness({ client: who.idClient, body: { ...body(who), email: uniqueEmail('not-me') } }), 422);
      expect(fields(p)).toEqual(['/email']);
      await problem(loginUser({ client: anonymous(), body: { firebase_id_token: who.idToken } }), 404);
    });

    it('answers 401 when the body token is not the bearer token (contract)', async () => {
      const s = server();
      const who = await newIdentity(s, 'auto-mixed');
      const other = await newIdentity(s, 'auto-other');
      await problem(autoRegisterBusiness({ client: who.idClient, body: { ...body(who), firebase_id_token: other.idToken } }), 401);
    });
  });

  describe('sessions', () => {
    it('answers 401 to forged session tokens', async () => {
      const s = server();
      const me = await signUp(s, 'forged');
      const forgeries = [
        'forged',
        randomBytes(32).toString('base64url'), // well-formed, never issued
        `${me.token.slice(0, -2)}${me.token.endsWith('AA') ? 'BB' : 'AA'}`, // one issued, altered
        me.idToken, // a Firebase ID token is not a session
      ];
      for (const token of forgeries) {
        await problem(getUser({ client: clientFor(s.baseUrl, token), path: { id: me.userId } }), 401);
      }
      // Another scheme than Bearer.
      await problem(raw(s.baseUrl, 'GET', `/v1/users/${me.userId}`, { headers: { authorization: `Token ${me.token}` } }), 401);
      // The real one still works.
      await ok(getUser({ client: me.client, path: { id: me.userId } }));
    });

    it('answers 401 to an expired session, and only to that one', async () => {
      const s = server();
      const me = await signUp(s, 'expired');
      const second = await ok(loginUser({ client: anonymous(), body: { firebase_id_token: me.idToken } }));
      await s.db.withSystem((tx) =>
        tx.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hashSessionToken(me.token)]),
      );
      const p = await problem(getUser({ client: me.client, path: { id: me.userId } }), 401);
      expect(p.detail).toMatch(/expired/);
      await ok(getUser({ client: clientFor(s.baseUrl, second.token), path: { id: me.userId } }));
    });

    it('revokes the session at logout (then 401), leaving the other sessions open', async () => {
      const s = server();
      const me = await signUp(s, 'logout');
      const other = await ok(loginUser({ client: anonymous(), body: { firebase_id_token: me.idToken } }));
      await ok(logoutUser({ client: me.client }), 204);
      await problem(getUser({ client: me.client, path: { id: me.userId } }), 401);
      await problem(logoutUser({ client: me.client }), 401);
      await ok(getUser({ client: clientFor(s.baseUrl, other.token), path: { id: me.userId } }));
    });

    it('closes the sessions of a suspended account and refuses its login (401)', async () => {
      const s = server();
      const me = await signUp(s, 'suspended');
      await s.db.withSystem((tx) => tx.query(`UPDATE users SET status = 'USER_STATUS_SUSPENDED' WHERE id = $1`, [me.userId]));
      await problem(getUser({ client: me.client, path: { id: me.userId } }), 401);
      const p = await problem(loginUser({ client: anonymous(), body: { firebase_id_token: me.idToken } }), 401);
      expect(p.code).toBe('user_disabled');
    });

    it('answers 401 without a session on every secured operation', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'nosession');
      const client = anonymous();
      const id = randomUUID();
      const path = { tenantId: tenant.id };
      const calls = {
        logoutUser: logoutUser({ client }),
        getUser: getUser({ client, path: { id: owner.userId } }),
        updateUser: updateUser({ client, path: { id: owner.userId }, body: { user: { name: 'Mallory' } } }),
        createTenant: createTenant({ client, body: { tenant: { businessName: 'Nope', email: owner.email } } }),
        getTenant: getTenant({ client, path }),
        updateTenant: updateTenant({ client, path, body: { tenant: { businessName: 'Hijacked' } } }),
        deleteTenant: deleteTenant({ client, path }),
        listUserTenants: listUserTenants({ client, path: { userId: owner.userId } }),
        listTeamMembers: listTeamMembers({ client, path }),
        inviteTeamMembers: inviteTeamMembers({ client, path, body: { subjects: [uniqueEmail('x')] } }),
        revokeInvitation: revokeInvitation({ client, path: { tenantId: tenant.id, id } }),
        removeTeamMember: removeTeamMember({ client, path: { tenantId: tenant.id, userId: owner.userId } }),
        acceptInvitation: acceptInvitation({ client, path: { userId: owner.userId, invitationId: id } }),
        listAdminTenants: listAdminTenants({ client }),
        listCustomers: listCustomers({ client, path }),
      };
      for (const [name, call] of Object.entries(calls)) {
        const p = await problem(call, 401).catch((error: Error) => {
          throw new Error(`${name}: ${error.message}`);
        });
        expect(p.title, name).toBe('Unauthorized');
      }
      // Nothing happened.
      const { tenant: after } = await ok(getTenant({ client: owner.client, path }));
      expect(after.businessName).toBe(tenant.businessName);
    });
  });

  describe('profile', () => {
    it('reads and updates the own profile', async () => {
      const me = await signUp(server(), 'profile');
      const { user } = await ok(
        updateUser({ client: me.client, path: { id: me.userId }, body: { user: { name: 'Ana', lastName: 'García', locale: 'es-ES', phoneCountryCode: '+34', phoneNumber: '600123456' } } }),
      );
      expect(user).toMatchObject({ id: me.userId, email: me.email, name: 'Ana', lastName: 'García', locale: 'es-ES', phoneCountryCode: '+34', phoneNumber: '600123456' });
      // Fields left out keep their value.
      await ok(updateUser({ client: me.client, path: { id: me.userId }, body: { user: { name: 'Anna' } } }));
      const { user: read } = await ok(getUser({ client: me.client, path: { id: me.userId } }));
      expect(read).toMatchObject({ name: 'Anna', lastName: 'García', locale: 'es-ES', phoneNumber: '600123456' });
    });

    it('refuses a profile save based on a stale version (409 stale_version)', async () => {
      const me = await signUp(server(), 'stale-profile');
      const { user } = await ok(getUser({ client: me.client, path: { id: me.userId } }));
      const path = { id: me.userId };
      const { user: saved } = await ok(updateUser({ client: me.client, path, body: { user: { version: user.version, name: 'Phone' } } }));
      expect(saved.version).toBe(user.version + 1);
      const p = await problem(updateUser({ client: me.client, path, body: { user: { version: user.version, name: 'Laptop' } } }), 409);
      expect(p.code).toBe('stale_version');
      const { user: read } = await ok(getUser({ client: me.client, path }));
      expect(read).toMatchObject({ name: 'Phone', version: user.version + 1 });
    });

    it("answers 404 for another user's profile, read or written", async () => {
      const s = server();
      const me = await signUp(s, 'nosy');
      const other = await signUp(s, 'private');
      await problem(getUser({ client: me.client, path: { id: other.userId } }), 404);
      await problem(updateUser({ client: me.client, path: { id: other.userId }, body: { user: { name: 'Mallory' } } }), 404);
      await problem(getUser({ client: me.client, path: { id: randomUUID() } }), 404);
      const { user } = await ok(getUser({ client: other.client, path: { id: other.userId } }));
      expect(user.name).toBeUndefined();
    });

    it('refuses an unknown avatar asset (422)', async () => {
      const me = await signUp(server(), 'avatar');
      const p = await problem(updateUser({ client: me.client, path: { id: me.userId }, body: { user: { avatarAssetId: randomUUID() } } }), 422);
      expect(fields(p)).toEqual(['/user/avatarAssetId']);
    });
  });

  describe('administrators', () => {
    it('lists every business to an administrator, and answers 403 to anyone else', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'listed');
      await problem(listAdminTenants({ client: owner.client }), 403);

      const admin = await adminOf(s);
      expect(admin.session.isAdmin).toBe(true);
      const login = await ok(loginUser({ client: anonymous(), body: { firebase_id_token: admin.idToken } }));
      expect(login.isAdmin).toBe(true);

      const page = await ok(listAdminTenants({ client: admin.client, query: { q: tenant.businessName.toUpperCase() } }));
      expect(page.total).toBe(1);
      expect(page.items[0]).toMatchObject({
        id: tenant.id,
        businessName: tenant.businessName,
        ownerUserId: owner.userId,
        ownerEmail: owner.email,
        memberCount: 1,
        status: 'TENANT_STATUS_PENDING_OPENING_HOURS',
        licenseStatus: 'LICENSE_STATUS_BETA_TESTER',
      });
      const all = await ok(listAdminTenants({ client: admin.client, query: { limit: 200 } }));
      expect(all.items.map((t) => t.id)).toContain(tenant.id);
      const none = await ok(listAdminTenants({ client: admin.client, query: { q: tenant.businessName, status: 'TENANT_STATUS_ACTIVE' } }));
      expect(none).toEqual({ items: [], total: 0 });
    });

    it('filters the admin list by text regardless of accents (contract: accent-insensitive)', async () => {
      const s = server();
      const owner = await signUp(s, 'accents');
      const suffix = randomBytes(4).toString('hex');
      const { tenant } = await ok(createTenant({ client: owner.client, body: { tenant: { businessName: `Peluquería Ñandú ${suffix}`, email: owner.email } } }), 201);
      const admin = await adminOf(s);
      const page = await ok(listAdminTenants({ client: admin.client, query: { q: `peluqueria nandu ${suffix}` } }));
      expect(page.items.map((t) => t.id)).toEqual([tenant.id]);
    });

    it('does not make an administrator of someone whose e-mail is not verified', async () => {
      // admins.ts: "Only trust an e-mail the identity provider reports as verified: anyone can sign
      // up with password under someone else's address."
      const s = server();
      const impostor = await signUp(s, 'impostor', { email: s.admins.unverified, verified: false });
      expect(impostor.session.isAdmin).toBe(false);
      await problem(listAdminTenants({ client: impostor.client }), 403);
    });
  });

  describe('rate limits', () => {
    it('answers 429 problem+json once a client exceeds the identity operations limit', async () => {
      const s = server();
      const limited = await s.startRateLimited(3);
      const client = clientFor(limited.baseUrl);
      for (let i = 0; i < 3; i += 1) {
        await problem(loginUser({ client, body: { firebase_id_token: FORGED_ID_TOKEN } }), 401);
      }
      const result = await loginUser({ client, body: { firebase_id_token: FORGED_ID_TOKEN } });
      const p = await problem(Promise.resolve(result), 429);
      expect(p.code).toBe('rate_limited');
      expect(Number(result.response.headers.get('retry-after'))).toBeGreaterThan(0);
      // Operations that prove no identity are not limited by it.
      await ok(getConfiguration({ client }));
    }, 30_000);

    it('limits customer imports per user and hour (their own class), not the rest of the API', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'importer');
      const limited = await s.startRateLimited(10000, { IMPORT_RATE_LIMIT: '2' });
      const client = clientFor(limited.baseUrl, owner.token);
      const path = { tenantId: tenant.id };
      const body = { rows: [{ name: 'Ana' }], dryRun: true };
      for (let i = 0; i < 2; i += 1) await ok(importCustomers({ client, path, body }));
      const result = await importCustomers({ client, path, body });
      const p = await problem(Promise.resolve(result), 429);
      expect(p.code).toBe('rate_limited');
      expect(Number(result.response.headers.get('retry-after'))).toBeGreaterThan(60);
      // The rest of the API answers the same user as before.
      await ok(listCustomers({ client, path }));
    }, 30_000);

    // Instances of the API behind one load balancer share their counts through Redis (REDIS_URL):
    // a client spreading its attempts over two instances is refused after the same number.
    it.skipIf(!process.env.TEST_REDIS_URL)('shares the count between instances through Redis (TEST_REDIS_URL)', async () => {
      const s = server();
      const redisEnv = { REDIS_URL: process.env.TEST_REDIS_URL, RATE_LIMIT_NAMESPACE: `cita-test-${randomUUID()}:` };
      const [a, b] = [clientFor((await s.startRateLimited(4, redisEnv)).baseUrl), clientFor((await s.startRateLimited(4, redisEnv)).baseUrl)];
      for (const client of [a, b, a, b]) await problem(loginUser({ client, body: { firebase_id_token: FORGED_ID_TOKEN } }), 401);
      await problem(loginUser({ client: a, body: { firebase_id_token: FORGED_ID_TOKEN } }), 429);
      await problem(loginUser({ client: b, body: { firebase_id_token: FORGED_ID_TOKEN } }), 429);
      // Each limit counts on its own: the identity limit spent leaves the general one untouched.
      await ok(getConfiguration({ client: a }));
      await ok(getConfiguration({ client: b }));
    }, 30_000);

    it('lets requests through, unlimited, while the Redis of the shared limits is unreachable', async () => {
      const s = server();
      // Nothing listens on port 1: every Redis command fails at once.
      const client = clientFor((await s.startRateLimited(2, { REDIS_URL: 'redis://127.0.0.1:1' })).baseUrl);
      for (let i = 0; i < 4; i += 1) await problem(loginUser({ client, body: { firebase_id_token: FORGED_ID_TOKEN } }), 401);
    }, 30_000);
  });
}
