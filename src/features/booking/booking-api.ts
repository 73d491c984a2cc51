import type { BookingAvailability, BookingPage, OnlineBookingRequest, OnlineBookingSummary, Problem } from '@generated/types.gen';
import { createRetryingFetch, IDEMPOTENCY_HEADER } from '~/lib/retrying-fetch';

// The booking page's three calls (tag OnlineBooking of the contract). Plain fetch with the contract's
// types: the generated SDK validates with zod, which would weigh more than the whole page. Same
// retries as the dashboard (idempotent reads, and the POST with its Idempotency-Key). A failed call
// throws the problem+json body (with its status), as the generated client does, or a TypeError when
// the network failed, so that ~/lib/api-problem reads both.

const baseUrl = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');
const retryingFetch = createRetryingFetch();

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await retryingFetch(`${baseUrl}${path}`, { ...init, credentials: 'omit', headers: { Accept: 'application/json', ...init.headers } });
  const type = response.headers.get('Content-Type') ?? '';
  const body: unknown = type.includes('json') ? await response.json().catch(() => null) : null;
  if (!response.ok) {
    const problem = body && typeof body === 'object' ? (body as Problem) : null;
    throw { ...problem, status: response.status } satisfies Partial<Problem> & { status: number };
  }
  return body as T;
}

/** An address the page answered (a portfolio photo) as the browser loads it: on the API's origin. */
export const apiUrl = (path: string) => (/^https?:/i.test(path) ? path : `${baseUrl}${path}`);

const slugPath = (slug: string) => `/v1/public/booking/${encodeURIComponent(slug)}`;

export function fetchBookingPage(slug: string): Promise<BookingPage> {
  return call<{ page: BookingPage }>(slugPath(slug)).then((answer) => answer.page);
}

export interface AvailabilityQuery {
  serviceIds: readonly string[];
  userId?: string;
  from: string;
  days: number;
}

export function fetchAvailability(slug: string, query: AvailabilityQuery, signal?: AbortSignal): Promise<BookingAvailability> {
  const params = new URLSearchParams();
  for (const id of query.serviceIds) params.append('serviceIds', id);
  if (query.userId) params.set('userId', query.userId);
  params.set('from', query.from);
  params.set('days', String(query.days));
  return call<BookingAvailability>(`${slugPath(slug)}/availability?${params}`, signal ? { signal } : {});
}

export function createBooking(slug: string, body: OnlineBookingRequest, idempotencyKey: string): Promise<OnlineBookingSummary> {
  return call<{ booking: OnlineBookingSummary }>(`${slugPath(slug)}/appointments`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_HEADER]: idempotencyKey },
    body: JSON.stringify(body),
  }).then((answer) => answer.booking);
}
