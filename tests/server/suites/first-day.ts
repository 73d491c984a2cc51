// An owner's first day (issue 18): the business's country sets its currency and tax.
import { describe, expect, it } from 'vitest';
import { autoRegisterBusiness, createService, getConfiguration, getTenant, updateTenant } from '../../../generated/sdk.gen.ts';
import { clientFor, fields, newIdentity, newTenant, ok, problem, signUp, type TestServer } from '../harness.ts';

export function firstDaySuite(server: () => TestServer) {
  describe('first day: country, currency and tax', () => {
    it('a business in the United States charges in dollars with the sales tax its owner entered', async () => {
      const owner = await signUp(server(), 'us-dental');
      const tenant = await newTenant(owner, { country: 'US', timeZone: 'America/New_York', taxPercentage: 8.25, taxName: 'Sales tax' });
      expect(tenant).toMatchObject({ country: 'US', currency: { currencyCode: 'USD' }, currencySymbol: '$', taxPercentage: 8.25, taxName: 'Sales tax' });
      // Its first service is priced in dollars and taxed at that rate; euros are refused.
      const { service } = await ok(
        createService({
          client: owner.client,
          path: { tenantId: tenant.id },
          body: { service: { name: 'Cleaning', durationMinutes: 60, price: { amount: 12000, currency: 'USD' }, color: '#228be6', active: true } },
        }),
        201,
      );
      expect(service).toMatchObject({ price: { amount: 12000, currency: 'USD' }, taxPercentage: 8.25 });
      await problem(
        createService({
          client: owner.client,
          path: { tenantId: tenant.id },
          body: { service: { name: 'Whitening', durationMinutes: 60, price: { amount: 12000, currency: 'EUR' }, color: '#228be6', active: true } },
        }),
        422,
      );
    });

    it('a US business whose owner has not entered the rate yet starts with no tax, named sales tax', async () => {
      const owner = await signUp(server(), 'us-no-rate');
      const tenant = await newTenant(owner, { country: 'US' });
      expect(tenant).toMatchObject({ currency: { currencyCode: 'USD' }, taxPercentage: 0, taxName: 'Sales tax' });
    });

    it('a business in Spain gets euros and IVA at 21 %; elsewhere no tax by default', async () => {
      const spanish = await signUp(server(), 'es-salon', { locale: 'es-ES' });
      expect(await newTenant(spanish, { country: 'ES' })).toMatchObject({ currency: { currencyCode: 'EUR' }, taxPercentage: 21, taxName: 'IVA' });
      const british = await signUp(server(), 'gb-salon');
      const gb = await newTenant(british, { country: 'GB' });
      expect(gb).toMatchObject({ country: 'GB', currency: { currencyCode: 'GBP' }, currencySymbol: '£', taxPercentage: 0 });
      expect(gb.taxName).toBeUndefined();
    });

    it('the one-step sign-up takes the country, currency and tax too', async () => {
      const s = server();
      const who = await newIdentity(s, 'us-auto');
      const created = await ok(
        autoRegisterBusiness({
          client: who.idClient,
          body: {
            email: who.email,
            firebase_id_token: who.idToken,
            name: 'Dana',
            businessName: 'Bright Smile Dental',
            category: 'dental_clinic',
            locale: 'en-US',
            timeZone: 'America/New_York',
            country: 'US',
            taxPercentage: 4,
            terms_accepted: true,
          },
        }),
        201,
      );
      const { tenant } = await ok(getTenant({ client: clientFor(s.baseUrl, created.token), path: { tenantId: created.tenantId } }));
      expect(tenant).toMatchObject({ country: 'US', currency: { currencyCode: 'USD' }, taxPercentage: 4, taxName: 'Sales tax', timeZone: 'America/New_York' });
    });

    it('settings change the country, the tax name and rate; a rate with three decimals is refused (422)', async () => {
      const owner = await signUp(server(), 'moving');
      const tenant = await newTenant(owner, { country: 'ES' });
      const { tenant: updated } = await ok(
        updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { country: 'PT', taxName: 'IVA (PT)', taxPercentage: 23, version: tenant.version } } }),
      );
      expect(updated).toMatchObject({ country: 'PT', taxName: 'IVA (PT)', taxPercentage: 23 });
      const p = await problem(updateTenant({ client: owner.client, path: { tenantId: tenant.id }, body: { tenant: { taxPercentage: 8.875 } } }), 422);
      expect(fields(p)).toEqual(['/tenant/taxPercentage']);
    });

    it('the plans are priced in dollars too, for businesses that charge in dollars', async () => {
      const { configuration } = await ok(getConfiguration({ client: clientFor(server().baseUrl) }));
      expect(configuration.proPlan.prices).toContainEqual(expect.objectContaining({ currency: 'USD' }));
      expect(configuration.premiumPlan.prices).toContainEqual(expect.objectContaining({ currency: 'USD' }));
    });
  });
}
