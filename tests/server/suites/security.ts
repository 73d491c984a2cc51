// Holes found in review (issue: proof under abuse): identity takeover by a stale e-mail, the request
// that froze the server before authentication, and the session rules around them.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  acceptInvitation,
  createSsoCode,
  exchangeSsoCode,
  getUser,
  listAdminTenants,
  listTeamMembers,
  loginUser,
  logoutEverywhere,
  registerUser,
} from '../../../generated/sdk.gen.ts';
import { createEmulatorUser, signInWithPassword, updateEmulatorUser } from '../../../scripts/emulator.mjs';
import { hashSessionToken } from '../../../server/auth/session-token.ts';
import { clientFor, invite, ok, problem, raw, signUp, signUpOwner, SSO_REDIRECT_URI, uniqueEmail, type TestServer } from '../harness.ts';

/** A Firebase account whose password we keep, so that we can sign in again after changing it. */
async function firebaseAccount(s: TestServer, email: string, verified = false) {
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const created = await createEmulatorUser(s.emulatorHost, { email, password, emailVerified: verified });
  return { email, password, uid: created.localId, idToken: created.idToken };
}

export function securitySuite(server: () => TestServer) {
  const anonymous = () => clientFor(server().baseUrl);

  describe('the stored e-mail follows the verified identity', () => {
    it('does not grant administrator rights through an e-mail the caller no longer has (takeover)', async () => {
      const s = server();
      // The attacker signs up, unverified, under an administrator's address…
      const attacker = await firebaseAccount(s, s.admins.victim, false);
      const first = await ok(registerUser({ client: anonymous(), body: { email: attacker.email, firebase_id_token: attacker.idToken } }), 201);
      expect(first.isAdmin).toBe(false);
      // …then moves the Firebase account to an address they own and verify, and signs in again.
      const owned = uniqueEmail('attacker-owned');
      await updateEmulatorUser(s.emulatorHost, { localId: attacker.uid, email: owned, emailVerified: true });
      const { idToken } = await signInWithPassword(s.emulatorHost, { email: owned, password: attacker.password });
      const session = await ok(loginUser({ client: anonymous(), body: { firebase_id_token: idToken } }));

      expect(session.isAdmin).toBe(false);
      const attackerClient = clientFor(s.baseUrl, session.token);
      const { user } = await ok(getUser({ client: attackerClient, path: { id: session.userId } }));
      expect(user.email).toBe(owned);
      await problem(listAdminTenants({ client: attackerClient }), 403);
      // The session opened under the old address ended with it.
      await problem(getUser({ client: clientFor(s.baseUrl, first.token), path: { id: first.userId } }), 401);

      // The real owner of the address is not locked out, and is the administrator.
      const owner = await firebaseAccount(s, s.admins.victim, true);
      const real = await ok(registerUser({ client: anonymous(), body: { email: owner.email, firebase_id_token: owner.idToken } }), 201);
      expect(real.isAdmin).toBe(true);
      expect(real.userId).not.toBe(session.userId);
    });

    it('does not hand an invitation to someone who only once claimed the address', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'inviter');
      const invitedEmail = uniqueEmail('invited');
      const invitation = await invite(owner, tenant, invitedEmail);

      const attacker = await firebaseAccount(s, invitedEmail, false);
      await ok(registerUser({ client: anonymous(), body: { email: attacker.email, firebase_id_token: attacker.idToken } }), 201);
      const owned = uniqueEmail('attacker-owned');
      await updateEmulatorUser(s.emulatorHost, { localId: attacker.uid, email: owned, emailVerified: true });
      const { idToken } = await signInWithPassword(s.emulatorHost, { email: owned, password: attacker.password });
      const session = await ok(loginUser({ client: anonymous(), body: { firebase_id_token: idToken } }));

      await problem(acceptInvitation({ client: clientFor(s.baseUrl, session.token), path: { userId: session.userId, invitationId: invitation.id } }), 404);
      const { items } = await ok(listTeamMembers({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(items.map((member) => member.userId)).not.toContain(session.userId);
    });

    it('refuses to move an account onto an address another account holds (409), leaving both intact', async () => {
      const s = server();
      const taken = await signUp(s, 'holder');
      const mover = await firebaseAccount(s, uniqueEmail('mover'), true);
      const registered = await ok(registerUser({ client: anonymous(), body: { email: mover.email, firebase_id_token: mover.idToken } }), 201);
      // Another Firebase project member could never share an address, but an account created before
      // a provider change can: the server must not merge them.
      await s.db.withSystem((tx) => tx.query('UPDATE users SET email = $2 WHERE id = $1', [taken.userId, `old-${taken.email}`]));
      await updateEmulatorUser(s.emulatorHost, { localId: mover.uid, email: `old-${taken.email}`, emailVerified: true });
      const { idToken } = await signInWithPassword(s.emulatorHost, { email: `old-${taken.email}`, password: mover.password });
      const p = await problem(loginUser({ client: anonymous(), body: { firebase_id_token: idToken } }), 409);
      expect(p.code).toBe('email_in_use');
      const { user } = await ok(getUser({ client: clientFor(s.baseUrl, registered.token), path: { id: registered.userId } }));
      expect(user.email).toBe(mover.email);
    });

    it('links an account that has no Firebase uid yet only through a verified e-mail', async () => {
      const s = server();
      const email = uniqueEmail('legacy');
      await s.db.withSystem((tx) => tx.query(`INSERT INTO users (email, status) VALUES ($1, 'USER_STATUS_ACTIVE')`, [email]));
      const unverified = await firebaseAccount(s, email, false);
      await problem(loginUser({ client: anonymous(), body: { firebase_id_token: unverified.idToken } }), 403);
      await updateEmulatorUser(s.emulatorHost, { localId: unverified.uid, emailVerified: true });
      const { idToken } = await signInWithPassword(s.emulatorHost, { email, password: unverified.password });
      await ok(loginUser({ client: anonymous(), body: { firebase_id_token: idToken } }));
    });
  });

  describe('sessions', () => {
    it('signs out everywhere: every session of the user ends, other users keep theirs', async () => {
      const s = server();
      const me = await signUp(s, 'everywhere');
      const other = await signUp(s, 'bystander');
      const second = await ok(loginUser({ client: anonymous(), body: { firebase_id_token: me.idToken } }));
      await ok(logoutEverywhere({ client: me.client }), 204);
      await problem(getUser({ client: me.client, path: { id: me.userId } }), 401);
      await problem(getUser({ client: clientFor(s.baseUrl, second.token), path: { id: me.userId } }), 401);
      await ok(getUser({ client: other.client, path: { id: other.userId } }));
    });

    it('ends a session left unused for longer than the idle limit', async () => {
      const s = server();
      const me = await signUp(s, 'idle');
      await ok(getUser({ client: me.client, path: { id: me.userId } }));
      const idle = s.config.sessionIdleSeconds + 60;
      await s.db.withSystem((tx) =>
        tx.query(`UPDATE sessions SET last_seen_at = now() - make_interval(secs => $2), created_at = now() - make_interval(secs => $2) WHERE token_hash = $1`, [
          hashSessionToken(me.token),
          idle,
        ]),
      );
      await problem(getUser({ client: me.client, path: { id: me.userId } }), 401);
    });

    it('refuses an ID token issued before its tokens were revoked at the identity provider', async () => {
      const s = server();
      const account = await firebaseAccount(s, uniqueEmail('revoked'), true);
      await ok(registerUser({ client: anonymous(), body: { email: account.email, firebase_id_token: account.idToken } }), 201);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await updateEmulatorUser(s.emulatorHost, { localId: account.uid, validSince: String(Math.floor(Date.now() / 1000)) });
      await problem(loginUser({ client: anonymous(), body: { firebase_id_token: account.idToken } }), 401);
    });
  });

  describe('single sign-on', () => {
    const state = 'state-1234567';

    it('issues a one-time code for the registered redirect URI, exchanged once for the user', async () => {
      const me = await signUp(server(), 'sso');
      const { code } = await ok(createSsoCode({ client: me.client, body: { redirect_uri: SSO_REDIRECT_URI, state } }), 201);
      expect(code).not.toContain(me.idToken.slice(0, 20));
      const { user } = await ok(exchangeSsoCode({ client: anonymous(), body: { code, redirect_uri: SSO_REDIRECT_URI } }));
      expect(user).toMatchObject({ id: me.userId, email: me.email, emailVerified: true });
      // A code works once.
      const again = await problem(exchangeSsoCode({ client: anonymous(), body: { code, redirect_uri: SSO_REDIRECT_URI } }), 400);
      expect(again.code).toBe('invalid_grant');
    });

    it('refuses an unregistered or merely similar redirect URI, another URI at exchange, an expired code and no session', async () => {
      const s = server();
      const me = await signUp(s, 'sso-refused');
      for (const redirect_uri of ['https://evil.test/callback', `${SSO_REDIRECT_URI}/more`, `${SSO_REDIRECT_URI}?next=x`, SSO_REDIRECT_URI.replace('https', 'http')]) {
        const p = await problem(createSsoCode({ client: me.client, body: { redirect_uri, state } }), 422);
        expect(p.errors?.[0]?.field).toBe('/redirect_uri');
      }
      await problem(createSsoCode({ client: anonymous(), body: { redirect_uri: SSO_REDIRECT_URI, state } }), 401);
      await problem(raw(s.baseUrl, 'POST', '/v1/sso/codes', { token: me.token, body: { redirect_uri: SSO_REDIRECT_URI } }), 400);

      const first = await ok(createSsoCode({ client: me.client, body: { redirect_uri: SSO_REDIRECT_URI, state } }), 201);
      await problem(exchangeSsoCode({ client: anonymous(), body: { code: first.code, redirect_uri: 'https://evil.test/callback' } }), 400);
      const second = await ok(createSsoCode({ client: me.client, body: { redirect_uri: SSO_REDIRECT_URI, state } }), 201);
      await s.db.withSystem((tx) => tx.query(`UPDATE sso_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [me.userId]));
      await problem(exchangeSsoCode({ client: anonymous(), body: { code: second.code, redirect_uri: SSO_REDIRECT_URI } }), 400);
    });
  });

  describe('what an anonymous request can cost', () => {
    it('refuses a large unauthenticated body with 401 before reading or validating it', async () => {
      const s = server();
      // 7.8 MB of fields that would each fail validation: once this froze the server for 41 s.
      const fieldsBody = JSON.stringify(Object.fromEntries(Array.from({ length: 300_000 }, (_, i) => [`f${i}`, i])));
      const p = await problem(raw(s.baseUrl, 'POST', '/v1/tenants', { rawBody: fieldsBody }), 401);
      // Authentication came first: no validation ran, and the answer is small.
      expect(p.errors).toBeUndefined();
      expect(JSON.stringify(p).length).toBeLessThan(1000);
    });

    it('refuses a signed-in body over 128 kB with 413, and reports at most 20 field errors', async () => {
      const s = server();
      const me = await signUp(s, 'big-body');
      const big = JSON.stringify({ tenant: { businessName: 'x'.repeat(200 * 1024) } });
      await problem(raw(s.baseUrl, 'POST', '/v1/tenants', { token: me.token, rawBody: big }), 413);
      const many = { tenant: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`unknown${i}`, i])) };
      const p = await problem(raw(s.baseUrl, 'POST', '/v1/tenants', { token: me.token, body: many }), 400);
      expect(p.errors?.length).toBeGreaterThan(0);
      expect(p.errors!.length).toBeLessThanOrEqual(20);
    });

    it('refuses a malformed bearer token with 401 (no session lookup needed)', async () => {
      const s = server();
      for (const token of ['x', 'a'.repeat(43) + '!', 'Bearer', 'a'.repeat(5000)]) {
        await problem(raw(s.baseUrl, 'GET', '/v1/tenants/users/00000000-0000-4000-8000-000000000000', { token }), 401);
      }
    });
  });

  describe('input that was trusted', () => {
    it('refuses a website that is not an http(s) address', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'website');
      for (const website of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://files.example']) {
        const p = await problem(raw(s.baseUrl, 'PUT', `/v1/tenants/${tenant.id}`, { token: owner.token, body: { tenant: { website } } }), 400);
        expect(JSON.stringify(p.errors)).toContain('website');
      }
    });

    it('treats LIKE wildcards in a team search as plain characters', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'wildcards');
      for (const q of ['%', '_', '\\']) {
        const { items } = await ok(listTeamMembers({ client: owner.client, path: { tenantId: tenant.id }, query: { q } }));
        expect(items).toEqual([]);
      }
      const { items } = await ok(listTeamMembers({ client: owner.client, path: { tenantId: tenant.id }, query: { q: owner.email.slice(0, 6) } }));
      expect(items).toHaveLength(1);
    });

    // PostgreSQL text cannot hold U+0000: any operation that stored or searched it failed with a 500.
    it('refuses the NUL character in a body, a query or a path with 400 naming the field', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'nul');
      const body = await problem(raw(s.baseUrl, 'POST', `/v1/tenants/${tenant.id}/customers/tags`, { token: owner.token, body: { tag: { name: 'VIP\u0000' } } }), 400);
      expect(body.errors).toEqual([expect.objectContaining({ field: '/tag/name', code: 'nul_character' })]);
      const query = await problem(raw(s.baseUrl, 'GET', `/v1/tenants/${tenant.id}/customers/list?q=a%00b`, { token: owner.token }), 400);
      expect(query.errors).toEqual([expect.objectContaining({ field: '/query/q', code: 'nul_character' })]);
      const path = await problem(raw(s.baseUrl, 'GET', `/v1/tenants/${tenant.id}/customers/by/a%00b`, { token: owner.token }), 400);
      expect(path.errors).toEqual([expect.objectContaining({ field: '/path/pattern', code: 'nul_character' })]);
    });
  });
}
