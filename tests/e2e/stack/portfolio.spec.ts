import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { newEmail, newMemberPage, onboard, ownerSession, register } from './fixtures';
import { closeSubscriptionPopup } from '../subscription-popup';

// Issue 19, the portfolio on the real stack: an owner adds before/after photos of a customer, with
// the customer's consent recorded and tags, sees them on /portfolio, changes the tags on the item's page, shows the portfolio on the public booking
// page (where a visitor sees them); then revokes the consent: the photos leave the booking page (and
// their public image answers 404) and wait under "Hidden" on /portfolio.

const photo = (r: number, g: number, b: number) => sharp({ create: { width: 1200, height: 900, channels: 3, background: { r, g, b } } }).jpeg().toBuffer();

/** Whether an <img> of the page has loaded its picture. */
const loaded = (page: Page, name: string) =>
  page
    .getByRole('img', { name })
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)
    .catch(() => false);

test('an owner adds a customer’s photos with consent, shows them on the booking page, and revoking consent hides them', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await register(page, 'en-US', newEmail('portfolio'));
  await onboard(page, 'en-US', 'Peluquería Portfolio');
  const { tenantId, headers } = await ownerSession(page);
  const service = await page.request.post(`/v1/tenants/${tenantId}/services`, {
    headers,
    data: { service: { name: 'Balayage', durationMinutes: 90, price: { amount: 8000, currency: 'EUR' }, color: '#228be6', active: true, onlineBookable: true } },
  });
  expect(service.status()).toBe(201);
  const customer = await page.request.post(`/v1/tenants/${tenantId}/customers`, { headers, data: { customer: { name: 'Lucía', lastName: 'Pérez' } } });
  expect(customer.status()).toBe(201);
  const settings = await page.request.put(`/v1/tenants/${tenantId}`, { headers, data: { tenant: { onlineBooking: { enabled: true } } } });
  expect(settings.status()).toBe(200);
  const slug = ((await settings.json()) as { tenant: { onlineBooking: { slug: string } } }).tenant.onlineBooking.slug;

  // The sidebar leads to the empty portfolio.
  await page.goto('/');
  await closeSubscriptionPopup(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Portfolio' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
  await expect(page.getByText('No photos yet')).toBeVisible();

  // Adding: both photos, title, caption, service and customer; a customer's photos need their consent.
  await page.getByRole('button', { name: 'Add photos' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add to the portfolio' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Mechas de Lucía');
  await dialog.getByRole('textbox', { name: 'Caption' }).fill('Balayage caramelo sobre castaño.');
  // Tags are kept as the server stores them: trimmed, lower case, each once.
  const newTags = dialog.getByRole('combobox', { name: 'Tags' });
  await newTags.fill('Balayage');
  await newTags.press('Enter');
  await newTags.fill(' CARAMELO ');
  await newTags.press('Enter');
  await newTags.fill('balayage');
  await newTags.press('Enter');
  const files = dialog.locator('input[type="file"]');
  await files.nth(0).setInputFiles({ name: 'antes.jpg', mimeType: 'image/jpeg', buffer: await photo(90, 60, 40) });
  await expect.poll(() => loaded(page, 'Mechas de Lucía: before'), { timeout: 20_000 }).toBe(true);
  await files.nth(1).setInputFiles({ name: 'despues.jpg', mimeType: 'image/jpeg', buffer: await photo(200, 150, 90) });
  await expect.poll(() => loaded(page, 'Mechas de Lucía: after'), { timeout: 20_000 }).toBe(true);
  await dialog.getByRole('combobox', { name: 'Service' }).click();
  await page.getByRole('option', { name: 'Balayage' }).click();
  await dialog.getByRole('combobox', { name: /^Customer/ }).fill('Lucía');
  await page.getByRole('option', { name: 'Lucía Pérez' }).click();
  await dialog.getByRole('button', { name: 'Add to portfolio' }).click();
  await expect(dialog.getByText("Record the customer's consent before adding photos of them.")).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'The customer agrees to these photos being shown' }).check();
  await dialog.getByRole('button', { name: 'Add to portfolio' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('portfolio-card').filter({ hasText: 'Mechas de Lucía' });
  await expect(card).toContainText('Balayage · Lucía Pérez');
  await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['balayage', 'caramelo']);
  await expect.poll(() => loaded(page, 'Mechas de Lucía: after')).toBe(true);

  // Not on the booking page until the owner shows the portfolio there.
  const visitor = await browser.newPage();
  await visitor.goto(`/book/${slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Peluquería Portfolio' })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Choose your services' })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Our work' })).toHaveCount(0);

  const toggle = page.getByRole('switch', { name: 'Show the portfolio on my online booking page' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByText('The booking page shows the portfolio')).toBeVisible();
  await expect(toggle).toBeChecked();

  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Our work' })).toBeVisible();
  await expect(visitor.getByText('Mechas de Lucía')).toBeVisible();
  await expect.poll(() => loaded(visitor, 'Mechas de Lucía: after')).toBe(true);
  await expect.poll(() => loaded(visitor, 'Mechas de Lucía: before')).toBe(true);
  const publicPhoto = (await visitor.getByRole('img', { name: 'Mechas de Lucía: after' }).getAttribute('src'))!;

  // Its page: the consent, who recorded it; revoked (asked first), the photos are hidden.
  await card.getByRole('link', { name: 'Mechas de Lucía' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mechas de Lucía' })).toBeVisible();
  const itemId = page.url().split('/').pop()!;
  const shownTags = page.getByRole('list', { name: 'Tags' }).getByRole('listitem');
  await expect(shownTags).toHaveText(['balayage', 'caramelo']);

  // The tags are edited on the item's page: the last one removed, another added, saved and kept.
  const editTags = page.getByRole('combobox', { name: 'Tags' });
  await editTags.click();
  await editTags.press('Backspace');
  await editTags.fill('Rubio miel');
  await editTags.press('Enter');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Portfolio item saved')).toBeVisible();
  await expect(shownTags).toHaveText(['balayage', 'rubio miel']);
  const saved = await page.request.get(`/v1/tenants/${tenantId}/portfolios/${itemId}`, { headers });
  expect(((await saved.json()) as { portfolioItem: { tags: string[] } }).portfolioItem.tags).toEqual(['balayage', 'rubio miel']);
  await page.reload();
  await expect(shownTags).toHaveText(['balayage', 'rubio miel']);

  const consent = page.getByTestId('portfolio-consent');
  await expect(consent).toContainText(/Recorded by you on .+\./);
  await page.getByRole('button', { name: 'Revoke consent' }).click();
  await page.getByRole('dialog', { name: 'Revoke the customer’s consent?' }).getByRole('button', { name: 'Revoke consent' }).click();
  await expect(page.getByText('Consent revoked: the photos are hidden')).toBeVisible();
  await expect(consent).toContainText(/Revoked by you on .+ \(recorded by you on .+\)\./);
  await expect(page.getByText('Hidden', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record consent' })).toBeVisible();

  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Choose your services' })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Our work' })).toHaveCount(0);
  await expect(visitor.getByText('Mechas de Lucía')).toHaveCount(0);
  expect((await visitor.request.get(publicPhoto)).status()).toBe(404);
  await visitor.close();

  // Back on the list: gone from the photos shown, waiting under "Hidden (no consent)".
  await page.getByRole('link', { name: '← Portfolio' }).click();
  await expect(page.getByText('No photos yet')).toBeVisible();
  await page.getByText('Hidden (no consent)').click();
  await expect(page.getByTestId('portfolio-card').filter({ hasText: 'Mechas de Lucía' })).toContainText('Hidden');
});

test('the portfolio speaks Spanish', async ({ page }) => {
  await register(page, 'es-ES', newEmail('portfolio-es'));
  await onboard(page, 'es-ES', 'Peluquería Portafolio');
  await page.goto('/es-ES/portfolio');
  await closeSubscriptionPopup(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Portafolio' })).toBeVisible();
  await expect(page.getByText('Aún no hay fotos')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Mostrar el portafolio en mi página de reservas' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Añadir fotos' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Añadir al portafolio' });
  await dialog.getByRole('button', { name: 'Añadir al portafolio' }).click();
  await expect(dialog.getByText('Sube la foto de después.')).toBeVisible();
  await expect(dialog.getByText('Escribe un título.')).toBeVisible();
});

test('a team member sees the portfolio and its consent but no button that changes them', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await register(page, 'en-US', newEmail('portfolio-owner'));
  await onboard(page, 'en-US', 'Peluquería Equipo');
  const { tenantId, headers } = await ownerSession(page);
  const asset = await page.request.post('/v1/assets', {
    headers,
    data: { tenantId, payload: (await photo(40, 90, 160)).toString('base64'), mimeType: 'image/jpeg', fileName: 'corte.jpg' },
  });
  expect(asset.status()).toBe(201);
  const { asset: uploaded } = (await asset.json()) as { asset: { id: string } };
  const created = await page.request.post(`/v1/tenants/${tenantId}/portfolios`, {
    headers,
    data: { portfolioItem: { title: 'Corte bob', imageAssetId: uploaded.id, tags: ['corto', 'bob'] } },
  });
  expect(created.status()).toBe(201);
  const { portfolioItem } = (await created.json()) as { portfolioItem: { id: string } };

  const member = await newMemberPage(browser, page, 'en-US', newEmail('portfolio-member'));
  await member.goto('/portfolio');
  await closeSubscriptionPopup(member);
  await expect(member.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
  await expect(member.getByText('Only the owner or an administrator of the business can add, change or delete portfolio photos.')).toBeVisible();
  await expect(member.getByTestId('portfolio-card')).toContainText('Corte bob');
  await expect(member.getByTestId('portfolio-card').getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['corto', 'bob']);
  await expect(member.getByRole('button', { name: 'Add photos' })).toHaveCount(0);
  await expect(member.getByRole('switch', { name: 'Show the portfolio on my online booking page' })).toHaveCount(0);
  await member.getByRole('link', { name: 'Corte bob' }).click();
  await expect(member).toHaveURL(new RegExp(`/portfolio/${portfolioItem.id}$`));
  await expect(member.getByRole('heading', { level: 1, name: 'Corte bob' })).toBeVisible();
  await expect.poll(() => loaded(member, 'Corte bob: after')).toBe(true);
  await expect(member.getByText('No customer: the photos can be shown without consent.')).toBeVisible();
  // The tags read-only: shown, with no field to change them.
  await expect(member.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['corto', 'bob']);
  await expect(member.getByRole('combobox', { name: 'Tags' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: 'Save changes' })).toHaveCount(0);

  // Searching and filtering are for everyone: a card's tag shows only the photos carrying it, the
  // search box reads titles, captions and tags.
  const second = await page.request.post(`/v1/tenants/${tenantId}/portfolios`, {
    headers,
    data: { portfolioItem: { title: 'Mechas largas', description: 'Balayage en pelo largo', imageAssetId: uploaded.id, tags: ['largo'] } },
  });
  expect(second.status()).toBe(201);
  await member.goto('/portfolio');
  const cards = member.getByTestId('portfolio-card');
  await expect(cards).toHaveCount(2);
  await cards.filter({ hasText: 'Corte bob' }).getByRole('button', { name: 'Show only photos tagged corto' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Corte bob');
  await member.getByRole('button', { name: 'Tag: corto. Show every tag' }).click();
  await expect(cards).toHaveCount(2);
  const search = member.getByRole('searchbox', { name: 'Search' });
  await search.fill('balayage');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Mechas largas');
  await search.fill('permanente');
  await expect(member.getByText('No photos match')).toBeVisible();
  await member.context().close();
});
