import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { loadContract } from '../../../server/contract.mjs';
import { expect, test } from '../csp';
import { MOCK_TEXT, newMockEmail, signInThroughForm, type MockLocale } from './signed-in';

// Prism mode's promise for the catalogue (issue 7): sign in through the form with a new e-mail, then
// every catalogue screen opens with the contract's examples, in both languages. One test per language
// walks all of them (a step per screen): the lists are opened by address, the records and forms by
// clicking through from the lists, as a person would; the headings come from messages/*.json and the
// record names from the contract's examples (Prism answers every read with its documented example).
const LOCALES: MockLocale[] = ['en-US', 'es-ES'];
const messages = Object.fromEntries(
  LOCALES.map((locale) => [locale, JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Record<string, string>]),
) as Record<MockLocale, Record<string, string>>;

const contract = loadContract();
const TENANT = '/v1/tenants/{tenantId}';
const example = (path: string) => contract.paths[`${TENANT}${path}`].get.responses['200'].content['application/json'].example;
const service = example('/services/{id}').service;
const customer = example('/customers/{id}').customer;
const tag = example('/customers/tags/{id}').tag;
const serviceObject = example('/customers/{customerId}/service_objects/{id}').serviceObject;
const product = example('/inventory/{id}').inventoryItem;
const paymentMethod = example('/payment-methods/{id}').paymentMethod;

// Any "could not be loaded" in either language is a screen that does not work in Prism mode.
const LOAD_ERRORS = /could not be loaded|No se ha(n)? podido cargar|Page Not Found|Página no encontrada/;

test.describe('Prism mode: every catalogue screen, signed in through the form', () => {
  test.setTimeout(120_000);

  for (const locale of LOCALES) {
    test(`opens every catalogue screen with the examples (${locale})`, async ({ page }) => {
      const prefix = MOCK_TEXT[locale].prefix;
      const m = (id: string) => {
        const text = messages[locale][id];
        if (!text) throw new Error(`messages/${locale}.json has no ${id}`);
        return text;
      };
      const main = page.getByRole('main');
      const at = (path: string) => new RegExp(`127\\.0\\.0\\.1:\\d+${prefix}${path}$`);

      /** The screen is up: its heading in this language, the page in this language, no load error. */
      const expectScreen = async (path: RegExp, heading: { id: string } | { text: string }) => {
        await expect(page).toHaveURL(path);
        const name = 'id' in heading ? m(heading.id) : heading.text;
        await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        if ('id' in heading && locale !== 'en-US' && messages['en-US'][heading.id] !== name) {
          // Not the English heading (an untranslated page) on a Spanish address.
          await expect(page.getByRole('heading', { level: 1, name: messages['en-US'][heading.id], exact: true })).toHaveCount(0);
        }
        await expectNoLoadError(page);
      };

      await test.step('sign in through the form with a new e-mail', async () => {
        await signInThroughForm(page, locale, newMockEmail(`catalogue-${locale}`));
      });

      await test.step('/services, a service, the new-service form', async () => {
        await page.goto(`${prefix}/services`);
        await expectScreen(at('/services'), { id: 'services.list.title' });
        await expect(main.getByRole('link', { name: service.name, exact: true })).toBeVisible();
        await expectNoLoadError(page);

        await main.getByRole('link', { name: service.name, exact: true }).click();
        await expectScreen(at(`/services/${service.id}`), { text: service.name });
        await expect(page.getByRole('button', { name: m('services.save'), exact: true })).toBeVisible();

        await page.goto(`${prefix}/services`);
        await main.getByRole('link', { name: m('services.list.create'), exact: true }).click();
        await expectScreen(at('/services/create'), { id: 'services.create.title' });
      });

      await test.step('/customers, a customer, the new-customer form', async () => {
        await page.goto(`${prefix}/customers`);
        await expectScreen(at('/customers'), { id: 'customers.list.title' });
        const name = `${customer.name} ${customer.lastName}`;
        await expect(main.getByRole('link', { name, exact: true })).toBeVisible();
        await expectNoLoadError(page);

        await main.getByRole('link', { name: m('customers.list.create'), exact: true }).click();
        await expectScreen(at('/customers/create'), { id: 'customers.create.title' });

        await page.goto(`${prefix}/customers`);
        await main.getByRole('link', { name, exact: true }).click();
        await expectScreen(at(`/customers/${customer.id}`), { text: name });
        await expect(page.getByRole('textbox', { name: m('customers.form.notes') })).toHaveValue(customer.notes);
      });

      await test.step("a customer's service objects: the list, an object, its edit form, the new-object form", async () => {
        // From the customer's page (open since the previous step): its Objects card links to all of them
        // (customers.objects.all's plural for many: "See all 2 objects" / "Ver los 2 objetos").
        const seeAll = /other \{([^}]*)\}/.exec(m('customers.objects.all'))?.[1];
        expect(seeAll, 'customers.objects.all has a plural for many').toBeTruthy();
        await main.getByRole('link', { name: new RegExp(`^${seeAll!.replace('#', '\\d+')}$`) }).click();
        const objects = `/customers/${customer.id}/services-object`;
        await expectScreen(at(objects), { id: 'serviceObjects.list.title' });
        await expect(main.getByRole('link', { name: serviceObject.name, exact: true })).toBeVisible();
        await expectNoLoadError(page);

        await main.getByRole('link', { name: serviceObject.name, exact: true }).click();
        await expectScreen(at(`/customers/${customer.id}/${serviceObject.id}/view`), { text: serviceObject.name });

        await main.getByRole('link', { name: m('serviceObjects.edit'), exact: true }).click();
        await expectScreen(at(`/customers/${customer.id}/${serviceObject.id}/edit`), { text: serviceObject.name });
        await expect(page.getByRole('textbox', { name: new RegExp(`^${m('serviceObjects.form.identifier')}`) })).toHaveValue(serviceObject.identifier);

        // The issue's /customers/{customerId}/{id}: the same object.
        await page.goto(`${prefix}/customers/${customer.id}/${serviceObject.id}`);
        await expectScreen(at(`/customers/${customer.id}/${serviceObject.id}`), { text: serviceObject.name });

        await page.goto(`${prefix}${objects}`);
        await main.getByRole('link', { name: m('serviceObjects.add'), exact: true }).click();
        await expectScreen(at(`/customers/${customer.id}/create`), { id: 'serviceObjects.create.title' });
      });

      await test.step('/customer-tags, a tag, the new-tag form', async () => {
        await page.goto(`${prefix}/customer-tags`);
        await expectScreen(at('/customer-tags'), { id: 'customerTags.list.title' });
        await expect(main.getByRole('link', { name: tag.name, exact: true })).toBeVisible();
        await expectNoLoadError(page);

        await main.getByRole('link', { name: tag.name, exact: true }).click();
        await expectScreen(at(`/customer-tags/${tag.id}`), { text: tag.name });
        // customerTags.count's plural for many: "86 customers carry this tag." / "86 clientes tienen esta etiqueta."
        const many = /other \{([^}]*)\}/.exec(m('customerTags.count'))?.[1];
        expect(many, 'customerTags.count has a plural for many').toBeTruthy();
        await expect(main.getByText(many!.replace('#', String(tag.customerCount)), { exact: true })).toBeVisible();

        await page.goto(`${prefix}/customer-tags`);
        await main.getByRole('link', { name: m('customerTags.list.create'), exact: true }).click();
        await expectScreen(at('/customer-tags/create'), { id: 'customerTags.create.title' });
      });

      await test.step('/inventory, a product, the new-product form', async () => {
        await page.goto(`${prefix}/inventory`);
        await expectScreen(at('/inventory'), { id: 'inventory.list.title' });
        await expect(main.getByRole('link', { name: product.name, exact: true })).toBeVisible();
        await expectNoLoadError(page);

        await main.getByRole('link', { name: product.name, exact: true }).click();
        await expectScreen(at(`/inventory/${product.id}`), { text: product.name });
        await expect(page.getByRole('table', { name: m('inventory.movements.title') })).toBeVisible();
        await expectNoLoadError(page);

        await page.goto(`${prefix}/inventory`);
        await main.getByRole('link', { name: m('inventory.list.create'), exact: true }).click();
        await expectScreen(at('/inventory/create'), { id: 'inventory.create.title' });
      });

      await test.step('/payment-methods, a method, the new-method form', async () => {
        await page.goto(`${prefix}/payment-methods`);
        await expectScreen(at('/payment-methods'), { id: 'paymentMethods.list.title' });
        await expect(main.getByRole('link', { name: paymentMethod.name, exact: true })).toBeVisible();
        await expectNoLoadError(page);

        await main.getByRole('link', { name: paymentMethod.name, exact: true }).click();
        await expectScreen(at(`/payment-methods/${paymentMethod.id}`), { text: paymentMethod.name });

        await page.goto(`${prefix}/payment-methods`);
        await main.getByRole('link', { name: m('paymentMethods.list.create'), exact: true }).click();
        await expectScreen(at('/payment-methods/create'), { id: 'paymentMethods.create.title' });
      });
    });
  }
});

async function expectNoLoadError(page: Page) {
  await expect(page.getByText(LOAD_ERRORS)).toHaveCount(0);
}
