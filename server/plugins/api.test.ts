import { describe, expect, it } from 'vitest';
import { loadContract } from '../contract.mjs';
import { operationPolicies } from './api.ts';

const contract = loadContract();
const op = (operationId: string, extra: object = {}) => ({ paths: { '/x': { get: { operationId, ...extra } } } });

describe('rate-limit classes from the contract (x-cita-rate-limit)', () => {
  it('reads the class of every operation, general for signed-in ones that declare none', () => {
    const policies = operationPolicies(contract);
    const classOf = (id: string) => policies.get(id)?.rateLimit;
    expect(classOf('loginUser')).toBe('identity');
    expect(classOf('createOnlineBooking')).toBe('booking-create');
    expect(classOf('cancelAppointmentByToken')).toBe('public-token');
    expect(classOf('importCustomers')).toBe('import');
    expect(classOf('inviteTeamMembers')).toBe('sensitive');
    expect(classOf('listCustomers')).toBe('general');
    expect(policies.get('listCustomers')?.schemes).toEqual(['bearerAuth']);
  });

  it('refuses to start on an unknown class, or a public operation that declares no public class', () => {
    expect(() => operationPolicies(op('a', { security: [{ bearerAuth: [] }], 'x-cita-rate-limit': 'fast' }))).toThrow(/unknown x-cita-rate-limit/);
    expect(() => operationPolicies(op('b', { security: [] }))).toThrow(/b is public/);
    expect(() => operationPolicies(op('c', { security: [], 'x-cita-rate-limit': 'import' }))).toThrow(/c is public/);
    expect(operationPolicies(op('d', { security: [], 'x-cita-rate-limit': 'booking' })).get('d')).toEqual({ schemes: [], rateLimit: 'booking' });
  });
});
