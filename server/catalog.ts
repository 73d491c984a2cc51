import type { BusinessCategoriesByLanguage, Currency, SubscriptionPlan } from '../generated/types.gen.ts';

// Product catalogue served by GET /v1/configuration and GET /v1/currencies/list.

export const PLANS: { pro: SubscriptionPlan; premium: SubscriptionPlan } = {
  pro: {
    name: 'Pro',
    price: { amount: 1990, currency: 'EUR' },
    interval: 'PLAN_INTERVAL_MONTH',
    features: ['Unlimited appointments', 'Customers, services and inventory', 'Sales, invoices and expenses', 'Up to 3 team members'],
  },
  premium: {
    name: 'Premium',
    price: { amount: 3990, currency: 'EUR' },
    interval: 'PLAN_INTERVAL_MONTH',
    features: ['Everything in Pro', 'Unlimited team members', 'Receipt scanning', 'Advanced reports and statistics'],
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

export const CURRENCIES: Currency[] = ([
  { code: 'EUR', symbol: '€', name: 'Euro', minorUnits: 2 },
  { code: 'USD', symbol: '$', name: 'US Dollar', minorUnits: 2 },
  { code: 'GBP', symbol: '£', name: 'Pound Sterling', minorUnits: 2 },
  { code: 'MXN', symbol: '$', name: 'Mexican Peso', minorUnits: 2 },
  { code: 'ARS', symbol: '$', name: 'Argentine Peso', minorUnits: 2 },
  { code: 'COP', symbol: '$', name: 'Colombian Peso', minorUnits: 2 },
  { code: 'CLP', symbol: '$', name: 'Chilean Peso', minorUnits: 0 },
  { code: 'PEN', symbol: 'S/', name: 'Peruvian Sol', minorUnits: 2 },
  { code: 'CHF', symbol: 'CHF', name: 'Swiss Franc', minorUnits: 2 },
  { code: 'JPY', symbol: '¥', name: 'Japanese Yen', minorUnits: 0 },
] satisfies Currency[]).sort((a, b) => a.code.localeCompare(b.code));

export const findCurrency = (code: string) => CURRENCIES.find((c) => c.code === code);
