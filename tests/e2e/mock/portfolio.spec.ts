import { expect, test } from './signed-in';

// The portfolio screens against Prism (the contract's examples: a caramel balayage with its before
// photo, of a customer whose consent the owner recorded, and a bob cut without a customer), in both
// languages. The example user is the example business's owner, so the write buttons show.
const ITEM_ID = '1a3c5e7f-9b1d-4f3a-a5c7-e9f1b3d5a7c9';

test.describe('portfolio (mock)', () => {
  test('lists the photos as a grid with service, customer and the booking page switch, in English', async ({ page }) => {
    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Portfolio' })).toBeVisible();
    const cards = page.getByTestId('portfolio-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText('Balayage caramelo');
    await expect(cards.first()).toContainText('Tinte completo · Lucía García');
    await expect(cards.first()).toContainText('Featured');
    await expect(cards.first().getByRole('img', { name: 'Balayage caramelo: before' })).toBeVisible();
    await expect(cards.first().getByRole('img', { name: 'Balayage caramelo: after' })).toBeVisible();
    // A picture, not an empty frame: Prism mode draws a placeholder for an image asked for by id.
    const after = cards.first().getByRole('img', { name: 'Balayage caramelo: after' });
    await expect.poll(() => after.evaluate((element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth === 480)).toBe(true);
    await expect(cards.nth(1)).toContainText('Corte y peinado');
    await expect(page.getByRole('switch', { name: 'Show the portfolio on my online booking page' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Service' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Customer' })).toBeVisible();

    // Adding: a dialog with both photos, the service, the customer and the caption.
    await page.getByRole('button', { name: 'Add photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to the portfolio' });
    await expect(dialog.getByText('Before photo')).toBeVisible();
    await expect(dialog.getByText('After photo')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add to portfolio' }).click();
    await expect(dialog.getByText('Upload the after photo.')).toBeVisible();
    await expect(dialog.getByText('Enter a title.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The title is the card's link, reachable by keyboard.
    await cards.first().getByRole('link', { name: 'Balayage caramelo' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/portfolio/${ITEM_ID}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Balayage caramelo' })).toBeVisible();
  });

  test('shows an item with its photos large, the consent and the edit form, in English', async ({ page }) => {
    await page.goto(`/portfolio/${ITEM_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Balayage caramelo' })).toBeVisible();
    await expect(page.getByText('Tinte completo · Lucía García').first()).toBeVisible();
    await expect(page.getByRole('img', { name: 'Balayage caramelo: before' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: "Customer's consent" })).toBeVisible();
    await expect(page.getByTestId('portfolio-consent')).toContainText(/Recorded by you on .+\./);
    await expect(page.getByRole('button', { name: 'Revoke consent' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Balayage caramelo');
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();

    await page.getByRole('button', { name: 'Revoke consent' }).click();
    await expect(page.getByRole('dialog', { name: 'Revoke the customer’s consent?' })).toContainText('These photos of Lucía García will be hidden at once');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete these photos?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete from portfolio' })).toBeVisible();
  });

  test('speaks Spanish on the list and on the item', async ({ page }) => {
    await page.goto('/es-ES/portfolio');
    await expect(page.getByRole('heading', { level: 1, name: 'Portafolio' })).toBeVisible();
    const cards = page.getByTestId('portfolio-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText('Destacada');
    await expect(cards.first().getByRole('img', { name: 'Balayage caramelo: antes' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Mostrar el portafolio en mi página de reservas' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Añadir fotos' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Ocultas (sin consentimiento)' })).toBeAttached();

    await page.goto(`/es-ES/portfolio/${ITEM_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Balayage caramelo' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Consentimiento del cliente' })).toBeVisible();
    await expect(page.getByTestId('portfolio-consent')).toContainText(/Registrado por ti el .+\./);
    await expect(page.getByRole('button', { name: 'Retirar consentimiento' })).toBeVisible();
    await expect(page.getByRole('link', { name: '← Portafolio' })).toBeVisible();
  });

  test('fits a phone: one column, nothing wider than the screen, the add dialog full screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
    await expect(page.getByTestId('portfolio-card')).toHaveCount(2);
    const [first, second] = [await page.getByTestId('portfolio-card').nth(0).boundingBox(), await page.getByTestId('portfolio-card').nth(1).boundingBox()];
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Add photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to the portfolio' });
    await expect(dialog).toBeVisible();
    expect((await dialog.boundingBox())!.width).toBeGreaterThanOrEqual(370);
    await page.keyboard.press('Escape');
    await page.goto(`/portfolio/${ITEM_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Balayage caramelo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Revoke consent' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
