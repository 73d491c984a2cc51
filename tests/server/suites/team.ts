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
  updateTenant,
  updateUser,
} from '../../../generated/sdk.gen.ts';
import { fields, invite, join, ok, problem, signUp, signUpOwner, uniqueEmail, type TestServer } from '../harness.ts';

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

    it('lets an invitation expire: not joined at registration, 422 on accepting, gone from the team list', async () => {
      const s = server();
      const { owner, tenant } = await signUpOwner(s, 'expiry');
      const email = uniqueEmail('too-late');
      const invitation = await invite(owner, tenant, email);
      await s.db.withSystem((tx) =>
        tx.query(`UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE tenant_id = $1 AND id = $2`, [tenant.id, invitation.id]),
      );
      const team = await ok(listTeamMembers({ client: owner.client, path: { tenantId: tenant.id } }));
      expect(team.invitations).toEqual([]);
      const late = await signUp(s, 'too-late', { email });
      const { tenants } = await ok(listUserTenants({ client: late.client, path: { userId: late.userId } }));
      expect(tenants).toEqual([]);
      const p = await problem(acceptInvitation({ client: late.client, path: { userId: late.userId, invitationId: invitation.id } }), 422);
      expect(p.errors?.[0]?.code).toBe('invitation_not_pending');
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
}
