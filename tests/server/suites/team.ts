// The team: invitations (joining at registration or by accepting), roles, removal.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  acceptInvitation,
  deleteTenant,
  getTenant,
  getUser,
  inviteTeamMembers,
  listTeamMembers,
  listUserTenants,
  removeTeamMember,
  revokeInvitation,
  updateTeamMember,
  changeTeamMemberRole,
  createAppointment,
  createCustomer,
  createService,
  listAppointments,
  updateTenant,
  updateUser,
} from '../../../generated/sdk.gen.ts';
import { fields, invite, join, newTenant, ok, problem, signUp, signUpOwner, uniqueEmail, type Actor, type TestServer } from '../harness.ts';
import { fileTransport } from '../../../server/notifications/transport.ts';
import { createOutboxWorker } from '../../../server/notifications/worker.ts';
import { lazyServerSecret } from '../../../server/notifications/cancel-token.ts';
import { parseMail } from '../mail.ts';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const DAY_MS = 24 * 3600 * 1000;

export function teamSuite(server: () => TestServer) {
  describe('invitations', () => {
    it('invites someone who then registers and so joins the team', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'inviter');
      const email = uniqueEmail('Invitee');
      const invitation = await invite(owner, tenant, email);
      expect(invitation).toMatchObject({ tenantId: tenant.id, email: email.toLowerCase(), role: 'TEAM_ROLE_MEMBER', status: 'INVITATION_STATUS_PENDING', invitedByUserId: owner.userId });
      expect(invitation.acceptedAt).toBeUndefined();

      const pending = await ok(listTeamMembers({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(pending.invitations.map((i) => i.id)).toEqual([invitation.id]);
      expect(pending.total).toBe(1);

      const member = await signUp(s, 'invitee', { email });
      const { user } = await ok(getUser({ client: member.client, path: { id: member.userId } }));
      expect(user.status).toBe('USER_STATUS_ACTIVE');
      const { tenants } = await ok(listUserTenants({ client: member.client, path: { userId: member.userId } }));
      expect(tenants.map((t) => t.id)).toEqual([tenant.id]);
      await ok(getTenant({ client: member.client, path: { tenantId: tenant.id } }));

      const team = await ok(listTeamMembers({ client: member.client, path: { tenantId: tenant.id } }));
      expect(team.total).toBe(2);
      expect(team.items.map((m) => [m.userId, m.role])).toEqual([
        [owner.userId, 'TEAM_ROLE_OWNER'],
        [member.userId, 'TEAM_ROLE_MEMBER'],
      ]);
      expect(team.invitations).toEqual([]);
      const page = await ok(listTeamMembers({ client: owner.client, path: { tenantId: tenant.id }, query: { limit: 1, offset: 1 } }));
      expect(page.items.map((m) => m.userId)).toEqual([member.userId]);
      expect(page.total).toBe(2);
      const found = await ok(listTeamMembers({ client: owner.client, path: { tenantId: tenant.id }, query: { q: email.slice(0, 12).toUpperCase() } }));
      expect(found.items.map((m) => m.userId)).toEqual([member.userId]);
      expect(found.total).toBe(1);
    });

    it('does not let an unverified e-mail join: not at registration, 403 on accepting', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'verify-first');
      const email = uniqueEmail('unverified');
      const invitation = await invite(owner, tenant, email);
      const claimant = await signUp(s, 'unverified', { email, verified: false });
      const { tenants } = await ok(listUserTenants({ client: claimant.client, path: { userId: claimant.userId } }));
      expect(tenants).toEqual([]);
      await problem(acceptInvitation({ client: claimant.client, path: { userId: claimant.userId, invitationId: invitation.id } }), 403);
      await problem(getTenant({ client: claimant.client, path: { tenantId: tenant.id } }), 404);
      const team = await ok(listTeamMembers({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(team.items.map((m) => m.userId)).toEqual([owner.userId]);
      expect(team.invitations.map((i) => i.id)).toEqual([invitation.id]);
    });

    it('lets invitations expire after 7 days (contract)', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'week');
      const before = Date.now();
      const invitation = await invite(owner, tenant, uniqueEmail('week-invitee'));
      const expires = new Date(invitation.expiresAt).getTime();
      expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 2000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS + 2000);
    });

    it('renews a pending invitation when the address is invited again (same id)', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'reinvite');
      const email = uniqueEmail('again');
      const first = await invite(owner, tenant, email);
      const second = await invite(owner, tenant, email.toUpperCase(), 'TEAM_ROLE_ADMIN');
      expect(second.id).toBe(first.id);
      expect(second.role).toBe('TEAM_ROLE_ADMIN');
      expect(new Date(second.expiresAt).getTime()).toBeGreaterThanOrEqual(new Date(first.expiresAt).getTime());
      const team = await ok(listTeamMembers({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(team.invitations).toHaveLength(1);
    });

    it('answers 409 to inviting an address that already belongs to a member (contract)', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'dup-member');
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'already-in');
      await problem(inviteTeamMembers({ client: owner.client, path: { tenantId: tenant.id }, body: { subjects: [member.email] } }), 409);
    });

    it('lets a registered user accept an invitation addressed to them', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'accept');
      const guest = await signUp(s, 'guest');
      const invitation = await invite(owner, tenant, guest.email, 'TEAM_ROLE_ADMIN');
      const { tenant: joined } = await ok(acceptInvitation({ client: guest.client, path: { userId: guest.userId, invitationId: invitation.id } }));
      expect(joined.id).toBe(tenant.id);
      const { user } = await ok(getUser({ client: guest.client, path: { id: guest.userId } }));
      expect(user.status).toBe('USER_STATUS_ACTIVE');
      const team = await ok(listTeamMembers({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(team.items.find((m) => m.userId === guest.userId)?.role).toBe('TEAM_ROLE_ADMIN');
      expect(team.invitations).toEqual([]);
    });

    it('answers the business again when the same user accepts twice (contract: idempotent)', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'twice');
      const guest = await signUp(s, 'guest-twice');
      const invitation = await invite(owner, tenant, guest.email);
      await ok(acceptInvitation({ client: guest.client, path: { userId: guest.userId, invitationId: invitation.id } }));
      const { tenant: again } = await ok(acceptInvitation({ client: guest.client, path: { userId: guest.userId, invitationId: invitation.id } }));
      expect(again.id).toBe(tenant.id);
    });

    it('answers 404 to replaying an accepted invitation after the member was removed (no business record)', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'replay');
      const guest = await signUp(s, 'guest-replay');
      const invitation = await invite(owner, tenant, guest.email);
      await ok(acceptInvitation({ client: guest.client, path: { userId: guest.userId, invitationId: invitation.id } }));
      await ok(removeTeamMember({ client: owner.client, path: { tenantId: tenant.id, userId: guest.userId } }), 204);
      const p = await problem(acceptInvitation({ client: guest.client, path: { userId: guest.userId, invitationId: invitation.id } }), 404);
      expect(JSON.stringify(p)).not.toContain(tenant.businessName);
      const { tenants } = await ok(listUserTenants({ client: guest.client, path: { userId: guest.userId } }));
      expect(tenants).toEqual([]);
    });

    it("answers 404 to accepting someone else's invitation, or for another user id", async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'not-yours');
      const addressee = await signUp(s, 'addressee');
      const thief = await signUp(s, 'thief');
      const invitation = await invite(owner, tenant, addressee.email);
      await problem(acceptInvitation({ client: thief.client, path: { userId: thief.userId, invitationId: invitation.id } }), 404);
      await problem(acceptInvitation({ client: thief.client, path: { userId: addressee.userId, invitationId: invitation.id } }), 404);
      await problem(acceptInvitation({ client: thief.client, path: { userId: thief.userId, invitationId: randomUUID() } }), 404);
      const { tenants } = await ok(listUserTenants({ client: thief.client, path: { userId: thief.userId } }));
      expect(tenants).toEqual([]);
      // Still pending for its addressee.
      await ok(acceptInvitation({ client: addressee.client, path: { userId: addressee.userId, invitationId: invitation.id } }));
    });

    it('revokes a pending invitation: its addressee no longer joins, accepting it answers 422', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'revoker');
      const email = uniqueEmail('revoked');
      const invitation = await invite(owner, tenant, email);
      await ok(revokeInvitation({ client: owner.client, path: { tenantId: tenant.id, id: invitation.id } }), 204);
      const team = await ok(listTeamMembers({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(team.invitations).toEqual([]);

      const late = await signUp(s, 'revoked', { email });
      const { user } = await ok(getUser({ client: late.client, path: { id: late.userId } }));
      expect(user.status).toBe('USER_STATUS_NEW');
      const { tenants } = await ok(listUserTenants({ client: late.client, path: { userId: late.userId } }));
      expect(tenants).toEqual([]);
      const p = await problem(acceptInvitation({ client: late.client, path: { userId: late.userId, invitationId: invitation.id } }), 422);
      expect(fields(p)).toEqual(['/invitationId']);
    });

    it('lets an invitation expire: not joined at registration, 422 invitation_expired on accepting, listed as expired', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'expiry');
      const email = uniqueEmail('too-late');
      const invitation = await invite(owner, tenant, email);
      await s.db.withSystem((tx) =>
        tx.query(`UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE tenant_id = $1 AND id = $2`, [tenant.id, invitation.id]),
      );
      // Issue 19: the team screen shows it as expired, so it can be sent again.
      const team = await ok(listTeamMembers({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(team.invitations.map((i) => [i.id, i.status])).toEqual([[invitation.id, 'INVITATION_STATUS_EXPIRED']]);
      const late = await signUp(s, 'too-late', { email });
      const { tenants } = await ok(listUserTenants({ client: late.client, path: { userId: late.userId } }));
      expect(tenants).toEqual([]);
      const p = await problem(acceptInvitation({ client: late.client, path: { userId: late.userId, invitationId: invitation.id } }), 422);
      expect(p.errors?.[0]?.code).toBe('invitation_expired');
    });

    it('answers 422 to revoking an invitation that is no longer pending (contract)', async () => {
      const { owner, tenant } = await signUpOwner(server(), 'revoke-twice');
      const invitation = await invite(owner, tenant, uniqueEmail('gone'));
      await ok(revokeInvitation({ client: owner.client, path: { tenantId: tenant.id, id: invitation.id } }), 204);
      await problem(revokeInvitation({ client: owner.client, path: { tenantId: tenant.id, id: invitation.id } }), 422);
    });
  });

  describe('roles', () => {
    it('lets a member read the business and its team, but not manage them (403)', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'boss');
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'worker');
      const path = { tenantId: tenant.id };
      await ok(getTenant({ client: member.client, path }));
      await ok(listTeamMembers({ client: member.client, path }));

      const denied = await problem(inviteTeamMembers({ client: member.client, path, body: { subjects: [uniqueEmail('friend')] } }), 403);
      expect(denied.title).toBe('Forbidden');
      await problem(updateTenant({ client: member.client, path, body: { tenant: { businessName: 'Mine now' } } }), 403);
      await problem(deleteTenant({ client: member.client, path }), 403);
      const invitation = await invite(owner, tenant, uniqueEmail('pending'));
      await problem(revokeInvitation({ client: member.client, path: { tenantId: tenant.id, id: invitation.id } }), 403);
      await problem(removeTeamMember({ client: member.client, path: { tenantId: tenant.id, userId: owner.userId } }), 403);

      // Nothing changed.
      const { tenant: read } = await ok(getTenant({ client: owner.client, path }));
      expect(read.businessName).toBe(tenant.businessName);
      const team = await ok(listTeamMembers({ client: owner.client, path }));
      expect(team.total).toBe(2);
      expect(team.invitations.map((i) => i.id)).toEqual([invitation.id]);
    });

    it('lets an administrator invite and change settings, but not delete the business (403)', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'delegator');
      const admin = await join(s, owner, tenant, 'TEAM_ROLE_ADMIN', 'manager');
      const path = { tenantId: tenant.id };
      await invite(admin, tenant, uniqueEmail('recruit'));
      const { tenant: renamed } = await ok(updateTenant({ client: admin.client, path, body: { tenant: { businessName: 'Managed' } } }));
      expect(renamed.businessName).toBe('Managed');
      await problem(deleteTenant({ client: admin.client, path }), 403);
      await ok(getTenant({ client: owner.client, path }));
    });

    it("shows a teammate's profile to the team (contract: users who share a business)", async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'colleague');
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'colleague-member');
      const { user } = await ok(getUser({ client: owner.client, path: { id: member.userId } }));
      expect(user.email).toBe(member.email);
    });

    it('lists the team owner first, then by name (contract)', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'ordered');
      const zoe = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'zoe');
      await ok(updateUser({ client: zoe.client, path: { id: zoe.userId }, body: { user: { name: 'Zoe' } } }));
      const adam = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'adam');
      await ok(updateUser({ client: adam.client, path: { id: adam.userId }, body: { user: { name: 'Adam' } } }));
      const team = await ok(listTeamMembers({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(team.items.map((m) => m.userId)).toEqual([owner.userId, adam.userId, zoe.userId]);
    });

    it('counts the whole team on every page, past the end and under a search too', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'counted');
      const zoe = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'zoe');
      await ok(updateUser({ client: zoe.client, path: { id: zoe.userId }, body: { user: { name: 'Zoe' } } }));
      await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'adam');
      const list = (query: { limit?: number; offset?: number; q?: string }) => ok(listTeamMembers({ client: owner.client, path: { tenantId: tenant.id }, query }));
      const first = await list({ limit: 2 });
      expect([first.items.length, first.total]).toEqual([2, 3]);
      const second = await list({ limit: 2, offset: 2 });
      expect([second.items.length, second.total]).toEqual([1, 3]);
      const past = await list({ limit: 2, offset: 10 });
      expect([past.items.length, past.total]).toEqual([0, 3]);
      const found = await list({ q: 'zoe' });
      expect([found.items.map((m) => m.userId), found.total]).toEqual([[zoe.userId], 1]);
      const none = await list({ q: 'nobody-by-that-name' });
      expect([none.items.length, none.total]).toEqual([0, 0]);
    });
  });

  describe('removing members', () => {
    it('lets the owner remove a member, who then gets 404 on the business', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'remover');
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'leaver');
      await ok(removeTeamMember({ client: owner.client, path: { tenantId: tenant.id, userId: member.userId } }), 204);
      await problem(getTenant({ client: member.client, path: { tenantId: tenant.id } }), 404);
      const { tenants } = await ok(listUserTenants({ client: member.client, path: { userId: member.userId } }));
      expect(tenants).toEqual([]);
      const team = await ok(listTeamMembers({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(team.items.map((m) => m.userId)).toEqual([owner.userId]);
      // Gone already, or never there.
      await problem(removeTeamMember({ client: owner.client, path: { tenantId: tenant.id, userId: member.userId } }), 404);
      await problem(removeTeamMember({ client: owner.client, path: { tenantId: tenant.id, userId: randomUUID() } }), 404);
    });

    it('never removes the owner (422), and administrators remove nobody (403)', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'keeper');
      const admin = await join(s, owner, tenant, 'TEAM_ROLE_ADMIN', 'admin-one');
      const otherAdmin = await join(s, owner, tenant, 'TEAM_ROLE_ADMIN', 'admin-two');
      const p = await problem(removeTeamMember({ client: owner.client, path: { tenantId: tenant.id, userId: owner.userId } }), 422);
      expect(fields(p)).toEqual(['/userId']);
      await problem(removeTeamMember({ client: admin.client, path: { tenantId: tenant.id, userId: owner.userId } }), 403);
      await problem(removeTeamMember({ client: admin.client, path: { tenantId: tenant.id, userId: otherAdmin.userId } }), 403);
      await ok(removeTeamMember({ client: owner.client, path: { tenantId: tenant.id, userId: otherAdmin.userId } }), 204);
      const team = await ok(listTeamMembers({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(team.items.map((m) => m.userId).sort()).toEqual([owner.userId, admin.userId].sort());
    });

    it('lets only the owner remove members, not an administrator (contract: owner only)', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'owner-only');
      const admin = await join(s, owner, tenant, 'TEAM_ROLE_ADMIN', 'overreach');
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'target');
      await problem(removeTeamMember({ client: admin.client, path: { tenantId: tenant.id, userId: member.userId } }), 403);
      await ok(getTenant({ client: member.client, path: { tenantId: tenant.id } }));
    });
  });
  describe('the team screen (issue 19)', () => {
    /** Sends what the outbox holds now into a fresh directory; answers the parsed e-mails by recipient. */
    async function sendMail(s: TestServer) {
      const dir = mkdtempSync(path.join(tmpdir(), 'cita-invite-mail-'));
      try {
        const worker = createOutboxWorker({
          db: s.db,
          transport: fileTransport(dir),
          render: { secret: lazyServerSecret(s.db, undefined), publicUrl: 'https://cita.test', from: 'Cita <no-reply@cita.test>' },
          batchSize: 1000,
        });
        await worker.runOnce();
        return readdirSync(dir)
          .filter((f) => f.startsWith('invitation.'))
          .map((f) => ({ file: f, mail: parseMail(readFileSync(path.join(dir, f), 'utf8')) }));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }

    it("e-mails each invitation with its accept link, in the invitee's account language or the one chosen", async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'mailer');
      const spanishAccount = await signUp(s, 'hablante', { locale: 'es-ES' });
      const newcomer = uniqueEmail('newcomer');
      const { items } = await ok(
        inviteTeamMembers({ client: owner.client, path: { tenantId: tenant.id }, body: { subjects: [spanishAccount.email, newcomer], role: 'TEAM_ROLE_ADMIN', language: 'en-US' } }),
        201,
      );
      expect(items.map((i) => [i.email, i.language])).toEqual([
        [spanishAccount.email.toLowerCase(), 'es-ES'],
        [newcomer.toLowerCase(), 'en-US'],
      ]);
      const sent = (await sendMail(s)).filter((m) => items.some((i) => m.file.includes(i.id)));
      expect(sent).toHaveLength(2);
      const es = sent.find((m) => m.file.includes(items[0]!.id))!.mail;
      expect(es.subject).toContain('te invita a unirte a su equipo');
      expect(es.text).toContain(`https://cita.test/es-ES/invitations/${items[0]!.id}?email=`);
      expect(es.text).toContain('administrador');
      const en = sent.find((m) => m.file.includes(items[1]!.id))!.mail;
      expect(en.subject).toContain('invites you to join their team');
      expect(en.text).toContain(`https://cita.test/invitations/${items[1]!.id}?email=${encodeURIComponent(newcomer.toLowerCase())}`);
    });

    it('sends an expired invitation again (same id, new expiry, a new e-mail) and drops the e-mail of a revoked one', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'resend');
      const email = uniqueEmail('again');
      const first = await invite(owner, tenant, email);
      await sendMail(s);
      await s.db.withSystem((tx) => tx.query(`UPDATE invitations SET expires_at = now() - interval '1 day' WHERE tenant_id = $1 AND id = $2`, [tenant.id, first.id]));
      const again = await invite(owner, tenant, email);
      expect(again.id).toBe(first.id);
      expect(again.status).toBe('INVITATION_STATUS_PENDING');
      expect(new Date(again.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);
      const resent = (await sendMail(s)).filter((m) => m.file.includes(first.id));
      expect(resent.map((m) => m.file)).toEqual([`invitation.${first.id}.2.eml`]);

      const withdrawn = await invite(owner, tenant, uniqueEmail('withdrawn'));
      await ok(revokeInvitation({ client: owner.client, path: { tenantId: tenant.id, id: withdrawn.id } }), 204);
      expect((await sendMail(s)).filter((m) => m.file.includes(withdrawn.id))).toEqual([]);
    });

    it('tells a revoked invitation from one already used by someone else when accepting', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'refusals');
      const revokedEmail = uniqueEmail('revoked');
      const revoked = await invite(owner, tenant, revokedEmail);
      await ok(revokeInvitation({ client: owner.client, path: { tenantId: tenant.id, id: revoked.id } }), 204);
      const late = await signUp(s, 'revoked', { email: revokedEmail });
      const p = await problem(acceptInvitation({ client: late.client, path: { userId: late.userId, invitationId: revoked.id } }), 422);
      expect(p.errors?.[0]?.code).toBe('invitation_revoked');

      // Accepted at registration; the member is removed; a second account of the same address (the
      // first deleted its membership) cannot reuse it.
      const usedEmail = uniqueEmail('used');
      const used = await invite(owner, tenant, usedEmail);
      const joined = await signUp(s, 'used', { email: usedEmail });
      await ok(acceptInvitation({ client: joined.client, path: { userId: joined.userId, invitationId: used.id } }));
      await s.db.withSystem((tx) => tx.query(`UPDATE invitations SET accepted_by_user_id = $2 WHERE id = $1`, [used.id, owner.userId]));
      const again = await problem(acceptInvitation({ client: joined.client, path: { userId: joined.userId, invitationId: used.id } }), 422);
      expect(again.errors?.[0]?.code).toBe('invitation_used');
    });

    it("sets a member's colour and whether they are bookable online, with the version (409 stale), administrators yes, members no", async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'colours');
      const admin = await join(s, owner, tenant, 'TEAM_ROLE_ADMIN', 'colour-admin');
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'colour-member');
      const listed = (await ok(listTeamMembers({ client: owner.client, path: { tenantId: tenant.id } }))).items.find((m) => m.userId === member.userId)!;
      expect(listed).toMatchObject({ bookableOnline: true, version: 1 });
      expect(listed.color).toBeUndefined();
      const { member: saved } = await ok(
        updateTeamMember({ client: admin.client, path: { tenantId: tenant.id, userId: member.userId }, body: { version: 1, color: '#1C7ED6', bookableOnline: false } }),
      );
      expect(saved).toMatchObject({ userId: member.userId, color: '#1c7ed6', bookableOnline: false, version: 2 });
      const stale = await problem(updateTeamMember({ client: owner.client, path: { tenantId: tenant.id, userId: member.userId }, body: { version: 1, color: null } }), 409);
      expect(stale.code).toBe('stale_version');
      await problem(updateTeamMember({ client: member.client, path: { tenantId: tenant.id, userId: member.userId }, body: { version: 2, color: null } }), 403);
      const { member: cleared } = await ok(updateTeamMember({ client: owner.client, path: { tenantId: tenant.id, userId: member.userId }, body: { version: 2, color: null } }));
      expect(cleared.color).toBeUndefined();
      expect(cleared.bookableOnline).toBe(false);
    });

    it('lets only the owner change roles: a member made administrator may then invite; the owner stays owner', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'promote');
      const admin = await join(s, owner, tenant, 'TEAM_ROLE_ADMIN', 'promote-admin');
      const member = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'promote-member');
      await problem(inviteTeamMembers({ client: member.client, path: { tenantId: tenant.id }, body: { subjects: [uniqueEmail('x')] } }), 403);
      await problem(changeTeamMemberRole({ client: admin.client, path: { tenantId: tenant.id, userId: member.userId }, body: { version: 1, role: 'TEAM_ROLE_ADMIN' } }), 403);
      const { member: promoted } = await ok(changeTeamMemberRole({ client: owner.client, path: { tenantId: tenant.id, userId: member.userId }, body: { version: 1, role: 'TEAM_ROLE_ADMIN' } }));
      expect(promoted).toMatchObject({ role: 'TEAM_ROLE_ADMIN', version: 2 });
      await ok(inviteTeamMembers({ client: member.client, path: { tenantId: tenant.id }, body: { subjects: [uniqueEmail('by-promoted')] } }), 201);
      await problem(changeTeamMemberRole({ client: owner.client, path: { tenantId: tenant.id, userId: member.userId }, body: { version: 1, role: 'TEAM_ROLE_MEMBER' } }), 409);
      const p = await problem(changeTeamMemberRole({ client: owner.client, path: { tenantId: tenant.id, userId: owner.userId }, body: { version: 1, role: 'TEAM_ROLE_MEMBER' } }), 422);
      expect(p.errors?.[0]?.code).toBe('owner_role_fixed');
    });

    it("reassigns a removed member's appointments ahead to someone free, or refuses (409) and removes nobody", async () => {
      const s = server();
      const owner = await signUp(s, 'reassign-owner');
      const tenant = await newTenant(owner);
      const leaver = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'leaver');
      const keeper = await join(s, owner, tenant, 'TEAM_ROLE_MEMBER', 'keeper');
      const { customer } = await ok(createCustomer({ client: owner.client, path: { tenantId: tenant.id }, body: { customer: { name: 'Lucía' } } }), 201);
      const { service } = await ok(
        createService({ client: owner.client, path: { tenantId: tenant.id }, body: { service: { name: 'Corte', durationMinutes: 30, price: { amount: 2000, currency: 'EUR' } } } }),
        201,
      );
      const book = async (who: Actor, day: number) =>
        (
          await ok(
            createAppointment({
              client: owner.client,
              path: { tenantId: tenant.id, userId: who.userId },
              body: {
                appointment: {
                  customerId: customer.id,
                  services: [{ id: service.id }],
                  startDate: { year: 2031, month: 3, day, hours: 10, minutes: 0 },
                  endDate: { year: 2031, month: 3, day, hours: 10, minutes: 30 },
                  allowOutsideHours: true,
                },
              },
            }),
            201,
          )
        ).appointment;
      const ahead = await book(leaver, 4);
      await book(keeper, 4);
      // The keeper is busy then: nothing changes.
      const busy = await problem(
        removeTeamMember({ client: owner.client, path: { tenantId: tenant.id, userId: leaver.userId }, query: { futureAppointments: 'reassign', reassignTo: keeper.userId } }),
        409,
      );
      expect(busy.code).toBe('double_booking');
      await ok(getTenant({ client: leaver.client, path: { tenantId: tenant.id } }));
      await problem(removeTeamMember({ client: owner.client, path: { tenantId: tenant.id, userId: leaver.userId }, query: { futureAppointments: 'reassign' } }), 422);
      // The owner is free: the appointment becomes theirs.
      await ok(
        removeTeamMember({ client: owner.client, path: { tenantId: tenant.id, userId: leaver.userId }, query: { futureAppointments: 'reassign', reassignTo: owner.userId } }),
        204,
      );
      const mine = await ok(listAppointments({ client: owner.client, path: { tenantId: tenant.id, userId: owner.userId } }));
      expect(mine.items.map((a) => a.id)).toContain(ahead.id);
    });
  });
}
