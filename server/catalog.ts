import { currencyExponent } from '../common/money/index.ts';
import type { BusinessCategoriesByLanguage, Currency, SubscriptionPlan } from '../generated/types.gen.ts';

// Product catalogue served by GET /v1/configuration and GET /v1/currencies/list.
// The plans' selling points are not here: the SPA writes them from its messages, in the page's
// language (src/features/license/plan-features.ts; issue 18), so `features` is empty.

export const PLANS: { pro: SubscriptionPlan; premium: SubscriptionPlan } = {
  pro: {
    name: 'Pro',
    price: { amount: 1990, currency: 'EUR' },
    prices: [{ amount: 1990, currency: 'USD' }, { amount: 1790, currency: 'GBP' }],
    interval: 'PLAN_INTERVAL_MONTH',
    features: [],
  },
  premium: {
    name: 'Premium',
    price: { amount: 3990, currency: 'EUR' },
    prices: [{ amount: 3990, currency: 'USD' }, { amount: 3490, currency: 'GBP' }],
    interval: 'PLAN_INTERVAL_MONTH',
    features: [],
  },
};

const CATEGORIES: Array<[code: string, en: string, es: string]> = [
  ['hair_salon', 'Hair salon', 'Peluquería'],
  ['barbershop', 'Barbershop', 'Barbería'],
  ['beauty_salon', 'Beauty salon', 'Centro de estética'],
  ['nail_salon', 'Nail salon', 'Salón de uñas'],
  ['spa_massage', 'Spa and massage', 'Spa y masajes'],
  ['physiotherapy', 'Physiotherapy clinic', 'Clínica de fisioterapia'],
  ['dental_clinic', 'Dental clinic', 'Clínica dental'],
  ['medical_clinic', 'Medical clinic', 'Clínica médica'],
  ['veterinary', 'Veterinary clinic', 'Clínica veterinaria'],
  ['pet_grooming', 'Pet grooming', 'Peluquería canina'],
  ['car_workshop', 'Car workshop', 'Taller mecánico'],
  ['device_repair', 'Device repair', 'Reparación de dispositivos'],
  ['tattoo_studio', 'Tattoo studio', 'Estudio de tatuajes'],
  ['fitness_trainer', 'Personal training', 'Entrenamiento personal'],
  ['other', 'Other', 'Otro'],
];

export const BUSINESS_CATEGORIES: BusinessCategoriesByLanguage = {
  en: { categories: CATEGORIES.map(([code, name]) => ({ code, name })) },
  es: { categories: CATEGORIES.map(([code, , name]) => ({ code, name })) },
};

/** The currencies a business may charge in; their minor units are ISO 4217's (common/money). */
export const CURRENCIES: Currency[] = (
  [
    { code: 'EUR', symbol: '€', name: 'Euro' },
    { code: 'USD', symbol: '$', name: 'US Dollar' },
    { code: 'GBP', symbol: '£', name: 'Pound Sterling' },
    { code: 'MXN', symbol: '$', name: 'Mexican Peso' },
    { code: 'ARS', symbol: '$', name: 'Argentine Peso' },
    { code: 'COP', symbol: '$', name: 'Colombian Peso' },
    { code: 'CLP', symbol: '$', name: 'Chilean Peso' },
    { code: 'PEN', symbol: 'S/', name: 'Peruvian Sol' },
    { code: 'CHF', symbol: 'CHF', name: 'Swiss Franc' },
    { code: 'JPY', symbol: '¥', name: 'Japanese Yen' },
  ] satisfies Omit<Currency, 'minorUnits'>[]
)
  .map((currency): Currency => ({ ...currency, minorUnits: currencyExponent(currency.code)! }))
  .sort((a, b) => a.code.localeCompare(b.code));

export const findCurrency = (code: string) => CURRENCIES.find((c) => c.code === code);
