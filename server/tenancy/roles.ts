import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { callerRole, type TeamRole } from '../kit/context.ts';
import { forbidden, notFound } from '../problem.ts';

/**
 * The one role matrix of Cita (ARCHITECTURE, conventions): who may read, write and delete what in a
 * business. Every tenant-scoped handler asks `authorize` with its resource and action; the contract
 * names that row on the operation (`x-cita-authorization: resource.action`) and declares 403 wherever
 * the row refuses a role, and tests/security/authorization-suite.ts walks every operation against
 * this table as an administrator and as a member.
 *
 * Owners may do everything. Administrators manage everything but the business itself (deleting it,
 * removing people). Members run the day: they read the catalogue and edit customers, their objects
 * and appointments, and charge sales and take payments, but do not change prices, stock, tags or
 * payment methods, and do not void or refund.
 */
export type Resource =
  | 'tenant'
  | 'team'
  | 'teamRemoval'
  | 'services'
  | 'customers'
  | 'serviceObjects'
  | 'customerTags'
  | 'inventory'
  | 'paymentMethods'
  | 'assets'
  | 'appointments'
  | 'schedules'
  | 'distinctions'
  | 'portfolio'
  | 'qrCodes'
  | 'sales'
  | 'payments'
  | 'invoices'
  | 'invoiceSettings'
  | 'reports'
  | 'expenses';
export type Action = 'read' | 'write' | 'delete';

const ALL: readonly TeamRole[] = ['TEAM_ROLE_OWNER', 'TEAM_ROLE_ADMIN', 'TEAM_ROLE_MEMBER'];
const MANAGE: readonly TeamRole[] = ['TEAM_ROLE_OWNER', 'TEAM_ROLE_ADMIN'];
const OWNER: readonly TeamRole[] = ['TEAM_ROLE_OWNER'];

export const ROLE_MATRIX: Readonly<Record<Resource, Readonly<Record<Action, readonly TeamRole[]>>>> = {
  tenant: { read: ALL, write: MANAGE, delete: OWNER },
  team: { read: ALL, write: MANAGE, delete: MANAGE },
  teamRemoval: { read: ALL, write: OWNER, delete: OWNER },
  services: { read: ALL, write: MANAGE, delete: MANAGE },
  customers: { read: ALL, write: ALL, delete: ALL },
  serviceObjects: { read: ALL, write: ALL, delete: ALL },
  customerTags: { read: ALL, write: MANAGE, delete: MANAGE },
  inventory: { read: ALL, write: MANAGE, delete: MANAGE },
  paymentMethods: { read: ALL, write: MANAGE, delete: MANAGE },
  assets: { read: ALL, write: ALL, delete: ALL },
  appointments: { read: ALL, write: ALL, delete: ALL },
  // Working hours and time off: everyone reads; a member writes only their own (the handler checks that).
  schedules: { read: ALL, write: ALL, delete: ALL },
  distinctions: { read: ALL, write: MANAGE, delete: MANAGE },
  portfolio: { read: ALL, write: MANAGE, delete: MANAGE },
  // Printed QR codes (issue 19): everyone reads and downloads them; owners and administrators create,
  // re-point and delete them (a printed code leads wherever they say).
  qrCodes: { read: ALL, write: MANAGE, delete: MANAGE },
  // The till: members charge and take payments; voiding and refunding (sales.delete, and a refund
  // of money alone, payments.delete) are for owners and administrators.
  sales: { read: ALL, write: ALL, delete: MANAGE },
  payments: { read: ALL, write: ALL, delete: MANAGE },
  // Invoices (issue 17): members draft, issue and send them; correcting one (rectify) or voiding it is
  // for owners and administrators.
  invoices: { read: ALL, write: ALL, delete: MANAGE },
  // The business's invoicing data (legal name, tax id, series, VERI*FACTU): everyone reads it (a member
  // issuing needs it), owners and administrators change it.
  invoiceSettings: { read: ALL, write: MANAGE, delete: MANAGE },
  // Figures (issue 20): reports, statistics and the dashboard. Everyone reads figures, but a member's
  // are their own sales and appointments (the handlers scope them, server/reports/scope.ts); the
  // business's figures (team scope, the invoice register) are `reports.write`'s roles: owners and
  // administrators.
  reports: { read: ALL, write: MANAGE, delete: MANAGE },
  // Expenses (issue 20): what the business spends, its suppliers and receipts are the owner's books;
  // members neither see nor record them (403), owners and administrators do everything.
  expenses: { read: MANAGE, write: MANAGE, delete: MANAGE },
};

export function can(role: TeamRole, resource: Resource, action: Action): boolean {
  return ROLE_MATRIX[resource][action].includes(role);
}

/**
 * The caller's role in `tenantId`, once the matrix allows `action` on `resource`. Not a member (or a
 * deleted business): 404, exactly as for a business that does not exist, so that another tenant's
 * ids reveal nothing. A member whose role the matrix refuses: 403.
 */
export async function authorize(db: Database, request: FastifyRequest, tenantId: string, resource: Resource, action: Action): Promise<TeamRole> {
  const role = await callerRole(db, request, tenantId);
  if (!role) throw notFound();
  if (!can(role, resource, action)) throw forbidden('Your role in this business does not allow this.');
  return role;
}
