import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import type { AssetStorage } from '../assets/storage.ts';
import { parseAdminEmails } from '../auth/admins.ts';
import { appointmentCancellationHandlers, appointmentDomainHandlers } from '../appointments/handlers/index.ts';
import { assetHandlers } from './assets.ts';
import { calendarFeedHandlers } from './calendar-feeds.ts';
import { staffNotificationHandlers } from './staff-notifications.ts';
import type { HandlerDeps } from '../kit/context.ts';
import { distinctionHandlers } from './distinctions.ts';
import { customersDomainHandlers } from '../customers/handlers/index.ts';
import { salesDomainHandlers } from '../sales/handlers/index.ts';
import { inventoryHandlers } from './inventory.ts';
import { invoicesDomainHandlers } from '../invoices/handlers/index.ts';
import { reportsDomainHandlers } from '../reports/handlers/index.ts';
import { expenseHandlers } from '../expenses/handlers/index.ts';
import type { OcrReader } from '../expenses/ocr.ts';
import { onlineBookingHandlers } from './online-booking.ts';
import { paymentMethodHandlers } from '../payment-methods/handlers.ts';
import { qrCodeHandlers } from '../qr-codes/handlers.ts';
import { portfolioHandlers } from '../portfolio/handlers.ts';
import { platformHandlers } from './platform.ts';
import { scheduleHandlers } from './schedules.ts';
import { serviceObjectHandlers } from './service-objects.ts';
import { serviceHandlers } from './services.ts';
import { teamHandlers } from '../team/handlers.ts';
import { tenantHandlers } from './tenants.ts';
import { ssoHandlers } from './sso.ts';
import { userHandlers } from './users.ts';

/**
 * Every operation of the contract, each implemented: `satisfies`
 * makes a new operation without a handler a type error.
 */
export function createHandlers(base: Omit<HandlerDeps, 'sessions'>, assetStorage: AssetStorage, ocr: OcrReader) {
  const deps: HandlerDeps = {
    ...base,
    sessions: { ttlSeconds: base.config.sessionTtlSeconds, admins: parseAdminEmails(base.config.adminEmails) },
  };
  return {
    ...platformHandlers(deps),
    ...userHandlers(deps),
    ...ssoHandlers(deps),
    ...tenantHandlers(deps),
    ...teamHandlers(deps),
    ...inventoryHandlers(deps),
    ...serviceHandlers(deps),
    ...paymentMethodHandlers(deps),
    ...assetHandlers(deps, assetStorage),
    ...serviceObjectHandlers(deps, assetStorage),
    ...customersDomainHandlers(deps),
    ...appointmentDomainHandlers(deps),
    ...scheduleHandlers(deps),
    ...distinctionHandlers(deps),
    ...appointmentCancellationHandlers(deps),
    ...calendarFeedHandlers(deps),
    ...staffNotificationHandlers(deps),
    ...onlineBookingHandlers(deps),
    ...salesDomainHandlers(deps),
    ...invoicesDomainHandlers(deps),
    ...reportsDomainHandlers(deps),
    ...expenseHandlers(deps, assetStorage, ocr),
    ...qrCodeHandlers(deps),
    ...portfolioHandlers(deps, assetStorage),
  } satisfies RouteHandlers;
}
