import { describe, expect, it } from 'vitest';
import type { Service } from '@generated/types.gen';
import { newServiceForm, serviceFormFromService, serviceFormSchema, toServiceInput, toServiceUpdate } from './service-form-schema';

const service: Service = {
  id: '3b5d7f9a-1c3e-4b5d-af1b-3c5d7e9f1a3c',
  tenantId: '7d1f3b2e-5a6c-4d8e-9f0a-1b2c3d4e5f60',
  name: 'Corte y peinado',
  durationMinutes: 45,
  price: { amount: 2500, currency: 'EUR' },
  taxIncluded: true,
  taxPercentage: 21,
  color: '#e64980',
  active: true,
  bufferMinutes: 5,
  onlineBookable: true,
  userIds: ['2c4e6a8b-0d1f-4a3c-8e5b-7f9a1c3e5b7d'],
  version: 3,
  createdAt: '2026-01-15T09:30:00Z',
  updatedAt: '2026-06-01T08:00:00Z',
};

const issuesOf = (input: unknown) => {
  const result = serviceFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('service form', () => {
  it('starts a new service with the business tax rate and no price', () => {
    const form = newServiceForm(10);
    expect(form.taxPercentage).toBe(10);
    expect(issuesOf(form)).toEqual(['name', 'priceAmount']);
  });

  it('offers a new service online when the business takes online bookings (issue 18), not otherwise', () => {
    expect(newServiceForm(21, true).onlineBookable).toBe(true);
    expect(newServiceForm(21, false).onlineBookable).toBe(false);
    expect(newServiceForm(21).onlineBookable).toBe(false);
  });

  it("saves a service in the business's price mode, which the till charges by: a US business's prices have tax added on top", () => {
    expect(toServiceInput(serviceFormSchema.parse({ ...newServiceForm(8.875, false, false), name: 'Cleaning', priceAmount: 12000 }), 'USD'))
      .toMatchObject({ taxIncluded: false, taxPercentage: 8.875 });
    expect(newServiceForm(21).taxIncluded).toBe(true);
    // A service saved before the business changed its mode takes the business's on its next save.
    const values = serviceFormSchema.parse(serviceFormFromService(service, false));
    expect(toServiceUpdate(values, service)).toMatchObject({ taxIncluded: false });
    expect(serviceFormFromService(service).taxIncluded).toBe(true);
  });

  it('refuses durations off the 5-minute grid, unreadable prices and over-precise tax rates', () => {
    const base = serviceFormFromService(service);
    expect(issuesOf(base)).toEqual([]);
    expect(issuesOf({ ...base, durationMinutes: 47 })).toEqual(['durationMinutes']);
    expect(issuesOf({ ...base, bufferMinutes: 3 })).toEqual(['bufferMinutes']);
    expect(issuesOf({ ...base, priceAmount: Number.NaN })).toEqual(['priceAmount']);
    expect(issuesOf({ ...base, priceAmount: -1 })).toEqual(['priceAmount']);
    // The money module's one bound: 10^12 minor units (10,000,000,000.00 EUR; the old bound was 999,999.99).
    expect(issuesOf({ ...base, priceAmount: 100_000_000 })).toEqual([]);
    expect(issuesOf({ ...base, priceAmount: 1_000_000_000_000 })).toEqual([]);
    expect(issuesOf({ ...base, priceAmount: 1_000_000_000_001 })).toEqual(['priceAmount']);
    expect(issuesOf({ ...base, taxPercentage: 21.0005 })).toEqual(['taxPercentage']);
    expect(issuesOf({ ...base, taxPercentage: 8.875 })).toEqual([]);
    expect(issuesOf({ ...base, name: '   ' })).toEqual(['name']);
  });

  it('sends the tenant currency on create, and keeps team members and the version read on update', () => {
    const values = serviceFormSchema.parse({ ...serviceFormFromService(service), name: '  Corte  ', category: '', description: '' });
    expect(toServiceInput(values, 'USD')).toMatchObject({ name: 'Corte', price: { amount: 2500, currency: 'USD' } });
    expect(toServiceInput(values, 'USD')).not.toHaveProperty('category');
    expect(toServiceUpdate(values, service)).toMatchObject({ version: 3, userIds: service.userIds, price: { currency: 'EUR' } });
  });
});
