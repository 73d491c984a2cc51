import { Temporal } from 'temporal-polyfill';
import { offsetDateTime, unavailableIntervals, zoneOffsetMinutes, type MemberSchedule } from '../scheduling/time.ts';

/**
 * The free start times of an online booking (pure: no database, no clock).
 *
 * Times are numbers: wall minutes (minutes since 1970-01-01T00:00 of the business's wall clock, as in
 * server/scheduling/time.ts) for working hours, breaks, closed dates and time off, and epoch
 * milliseconds for the appointments that hold their slot. A start is offered to a member when
 * - it is on the slot interval of its day (00:00, 00:15, …), not sooner than the minimum notice and
 *   not later than the horizon;
 * - the booking [start, start + duration) lies inside the member's schedule (their working hours or
 *   the business's opening hours, no break, closed date, time off or block);
 * - the booking plus the buffers after its services [start, start + duration + buffers) overlaps no
 *   appointment of the member that holds its slot, each counted with the buffers of its own services.
 * Daylight saving (the contract's rule): a wall time that does not exist (the hour skipped when
 * clocks go forward) is not offered; one that occurs twice is offered once, as its first occurrence.
 * A booking's length is real time: 60 minutes from 01:30 on the night clocks go forward end at 03:30.
 */

export interface Span {
  start: number;
  end: number;
}

export interface Candidate {
  userId: string;
  schedule: MemberSchedule;
  /** Appointments holding their slot, epoch ms, each already extended by its buffers. Any order. */
  busy: readonly Span[];
}

export interface AvailabilityRequest {
  timeZone: string;
  /** Epoch ms. */
  now: number;
  minimumNoticeMinutes: number;
  horizonDays: number;
  slotIntervalMinutes: number;
  /** The services' durations added up. */
  durationMinutes: number;
  /** The services' buffers added up (time the member needs free after the booking). */
  bufferMinutes: number;
  /** The first day asked for (days before the business's today answer from today). */
  from: Temporal.PlainDate;
  days: number;
  candidates: readonly Candidate[];
}

export interface FreeSlot {
  /** Epoch ms. */
  startAt: number;
  userIds: string[];
}

export interface FreeDay {
  date: string;
  slots: FreeSlot[];
}

const DAY = 1440;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const dayNumber = (date: Temporal.PlainDate) => Date.UTC(date.year, date.month - 1, date.day) / DAY_MS;
const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The wall minute of an instant in `zone`. */
export const wallOfInstant = (epochMs: number, zone: string) => Math.floor(epochMs / MINUTE_MS) + zoneOffsetMinutes(epochMs, zone);

/**
 * The instant of a wall minute in `zone`, by the contract's rule: the first of two occurrences;
 * undefined for a wall time that does not exist (skipped by a daylight-saving change).
 */
export function instantOfWall(wall: number, zone: string): number | undefined {
  const asUtc = wall * MINUTE_MS;
  // Offsets change at most once within a day around any time (transitions are months apart).
  const before = zoneOffsetMinutes(asUtc - DAY_MS / 2, zone);
  const after = zoneOffsetMinutes(asUtc + DAY_MS / 2, zone);
  let found: number | undefined;
  for (const offset of before === after ? [before] : [before, after]) {
    const instant = asUtc - offset * MINUTE_MS;
    if (zoneOffsetMinutes(instant, zone) === offset && (found === undefined || instant < found)) found = instant;
  }
  return found;
}

/** Sorted, merged copy of `spans` (ends grow with starts, so a binary search finds overlaps). */
export function merge(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else out.push({ start: span.start, end: span.end });
  }
  return out;
}

/** Whether [start, end) overlaps any span of a merged list. */
export function overlapsAny(list: readonly Span[], start: number, end: number): boolean {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.end <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length && list[lo]!.start < end;
}

/** The days [first, last] that a request covers, within today and the horizon (empty when none). */
export function requestedDays(request: Pick<AvailabilityRequest, 'timeZone' | 'now' | 'horizonDays' | 'from' | 'days'>): { first: number; last: number } {
  const today = Math.floor(wallOfInstant(request.now, request.timeZone) / DAY);
  const lastBookable = Math.floor(wallOfInstant(request.now + request.horizonDays * DAY_MS, request.timeZone) / DAY);
  const first = Math.max(dayNumber(request.from), today);
  const last = Math.min(first + request.days - 1, lastBookable);
  return { first, last };
}

/** The wall-clock window a request looks at (for loading time off and appointments). */
export function requestWindow(request: Pick<AvailabilityRequest, 'timeZone' | 'now' | 'horizonDays' | 'from' | 'days'>) {
  const { first, last } = requestedDays(request);
  return {
    first: Temporal.PlainDate.from(dateOfDay(first)),
    last: Temporal.PlainDate.from(dateOfDay(Math.max(first, last))),
    empty: last < first,
  };
}

interface Prepared {
  userId: string;
  unavailable: Span[];
  busy: Span[];
}

/** Free start times per day, with the members free at each. */
export function computeAvailability(request: AvailabilityRequest): FreeDay[] {
  const { first, last } = requestedDays(request);
  if (last < first) return [];
  const zone = request.timeZone;
  const earliest = request.now + request.minimumNoticeMinutes * MINUTE_MS;
  const latest = request.now + request.horizonDays * DAY_MS;
  const duration = request.durationMinutes * MINUTE_MS;
  const buffer = request.bufferMinutes * MINUTE_MS;
  const firstDate = Temporal.PlainDate.from(dateOfDay(first));
  // One day past the last: a booking may run past midnight into the next day's hours.
  const lastDate = Temporal.PlainDate.from(dateOfDay(last + 1));
  const members: Prepared[] = request.candidates.map((candidate) => ({
    userId: candidate.userId,
    unavailable: merge(unavailableIntervals(candidate.schedule, firstDate, lastDate)),
    busy: merge(candidate.busy),
  }));
  const step = request.slotIntervalMinutes;
  const result: FreeDay[] = [];
  for (let day = first; day <= last; day += 1) {
    const slots: FreeSlot[] = [];
    for (let minute = 0; minute < DAY; minute += step) {
      const wall = day * DAY + minute;
      const startAt = instantOfWall(wall, zone);
      if (startAt === undefined || startAt < earliest || startAt > latest) continue;
      const endAt = startAt + duration;
      // The wall end (a daylight-saving change may fall inside); at least the real length.
      const wallEnd = Math.max(wallOfInstant(endAt, zone), wall + request.durationMinutes);
      const userIds: string[] = [];
      for (const member of members) {
        if (overlapsAny(member.unavailable, wall, wallEnd)) continue;
        if (overlapsAny(member.busy, startAt, endAt + buffer)) continue;
        userIds.push(member.userId);
      }
      if (userIds.length > 0) slots.push({ startAt, userIds });
    }
    result.push({ date: dateOfDay(day), slots });
  }
  return result;
}

/** A free slot as the contract's BookingSlot. */
export const toBookingSlot = (slot: FreeSlot, zone: string) => ({ startAt: offsetDateTime(new Date(slot.startAt), zone), userIds: slot.userIds });
