import { expect, test } from '@playwright/test';

// Issue 18: an unknown address answers 404 to a browser too, and the SPA still draws its translated
// not-found page; the app's own pages keep answering 200.
test('an unknown address answers 404 with the translated not-found page; pages answer 200', async ({ page }) => {
  const unknown = await page.goto('/no-such-page');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();

  const spanish = await page.goto('/es-ES/no-existe/tampoco');
  expect(spanish?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();

  const login = await page.goto('/es-ES/login');
  expect(login?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Inicia sesión en Cita' })).toBeVisible();
  const register = await page.goto('/register');
  expect(register?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
