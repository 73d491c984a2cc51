// Tenancy: another business's session sees nothing of this one (404, as for an id that does not
// exist), can change nothing, and the domains not built yet answer 501 only to members.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  acceptInvitation,
  deleteTenant,
  getQrCode,
  getTenant,
  inviteTeamMembers,
  listQrCodes,
  listTeamMembers,
  removeTeamMember,
  revokeInvitation,
  updateTenant,
} from '../../../generated/sdk.gen.ts';
import type { Invitation, Tenant } from '../../../generated/types.gen.ts';
import { invite, join, ok, problem, signUpOwner, uniqueEmail, type Actor, type TestServer } from '../harness.ts';

export function tenancySuite(server: () => TestServer) {
  describe('tenancy', () => {
    // Business A with a member and a pending invitation; business B, whose owner probes A.
    let a: { owner: Actor; tenant: Tenant; member: Actor; invitation: Invitation };
    let b: { owner: Actor; tenant: Tenant };

    beforeAll(async () => {
      const s = server();
      const first = await signUpOwner(s, 'tenant-a');
      const member = await join(s, first.owner, first.tenant, 'TEAM_ROLE_MEMBER', 'a-member');
      const invitation = await invite(first.owner, first.tenant, uniqueEmail('a-pending'));
      a = { ...first, member, invitation };
      b = await signUpOwner(s, 'tenant-b');
    }, 30_000);

    it("answers 404 to another business's session on GET, PUT and DELETE of the business", async () => {
      const path = { tenantId: a.tenant.id };
      const read = await problem(getTenant({ client: b.owner.client, path }), 404);
      await problem(updateTenant({ client: b.owner.client, path, body: { tenant: { businessName: 'Taken over' } } }), 404);
      await problem(updateTenant({ client: b.owner.client, path, body: { tenant: { id: a.tenant.id, services: ['Stolen'] } } }), 404);
      await problem(deleteTenant({ client: b.owner.client, path }), 404);

      // Exactly what a business that does not exist answers: the id reveals nothing.
      const missing = await problem(getTenant({ client: b.owner.client, path: { tenantId: randomUUID() } }), 404);
      expect({ ...read, requestId: undefined }).toEqual({ ...missing, requestId: undefined });

      const { tenant } = await ok(getTenant({ client: a.owner.client, path }));
      expect(tenant).toMatchObject({ businessName: a.tenant.businessName, services: a.tenant.services, status: a.tenant.status });
    });

    it("answers 404 to another business's session on the team and its invitations", async () => {
      const path = { tenantId: a.tenant.id };
      await problem(listTeamMembers({ client: b.owner.client, path }), 404);
      await problem(inviteTeamMembers({ client: b.owner.client, path, body: { subjects: [uniqueEmail('spy')], role: 'TEAM_ROLE_ADMIN' } }), 404);
      await problem(revokeInvitation({ client: b.owner.client, path: { tenantId: a.tenant.id, id: a.invitation.id } }), 404);
      await problem(removeTeamMember({ client: b.owner.client, path: { tenantId: a.tenant.id, userId: a.member.userId } }), 404);
      // Through its own business's path, A's objects are not found either.
      await problem(revokeInvitation({ client: b.owner.client, path: { tenantId: b.tenant.id, id: a.invitation.id } }), 404);
      await problem(removeTeamMember({ client: b.owner.client, path: { tenantId: b.tenant.id, userId: a.member.userId } }), 404);
      await problem(acceptInvitation({ client: b.owner.client, path: { userId: b.owner.userId, invitationId: a.invitation.id } }), 404);

      const team = await ok(listTeamMembers({ client: a.owner.client, path }));
      expect(team.items.map((m) => m.userId)).toEqual([a.owner.userId, a.member.userId]);
      expect(team.invitations.map((i) => i.id)).toEqual([a.invitation.id]);
    });

    it('keeps a member of one business out of another', async () => {
      await problem(getTenant({ client: a.member.client, path: { tenantId: b.tenant.id } }), 404);
      await problem(listTeamMembers({ client: a.member.client, path: { tenantId: b.tenant.id } }), 404);
    });

    it('answers 404 to another business and for an unknown business, whatever the domain', async () => {
      await problem(getQrCode({ client: b.owner.client, path: { tenantId: a.tenant.id, id: randomUUID() } }), 404);
      await problem(listQrCodes({ client: b.owner.client, path: { tenantId: a.tenant.id } }), 404);
      await problem(getQrCode({ client: b.owner.client, path: { tenantId: randomUUID(), id: randomUUID() } }), 404);
    });
  });
}
