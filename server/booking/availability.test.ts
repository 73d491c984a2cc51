import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { offsetDateTime, wallOfParts, type MemberSchedule, type Weekly } from '../scheduling/time.ts';
import { computeAvailability, instantOfWall, type AvailabilityRequest, type Candidate } from './availability.ts';

const ZONE = 'Europe/Madrid';
const allWeek = (ranges: Array<{ start: string; end: string }>): Weekly => ({
  monday: ranges,
  tuesday: ranges,
  wednesday: ranges,
  thursday: ranges,
  friday: ranges,
  saturday: ranges,
  sunday: ranges,
});
const wall = (text: string) => {
  const [date, time] = text.split('T');
  const [year, month, day] = date!.split('-').map(Number);
  const [hours, minutes] = time!.split(':').map(Number);
  return wallOfParts({ year: year!, month: month!, day: day!, hours: hours!, minutes: minutes! });
};
/** A Madrid wall-clock time as epoch ms (first occurrence). */
const madrid = (text: string) => instantOfWall(wall(text), ZONE)!;

function request(overrides: Partial<AvailabilityRequest> & { candidates: Candidate[] }): AvailabilityRequest {
  return {
    timeZone: ZONE,
    now: Date.parse('2027-01-01T00:00:00Z'),
    minimumNoticeMinutes: 0,
    horizonDays: 365,
    slotIntervalMinutes: 30,
    durationMinutes: 30,
    bufferMinutes: 0,
    from: Temporal.PlainDate.from('2027-03-01'),
    days: 1,
    ...overrides,
  };
}
const member = (userId: string, schedule: MemberSchedule, busy: Array<[string, string]> = []): Candidate => ({
  userId,
  schedule,
  busy: busy.map(([s, e]) => ({ start: madrid(s), end: madrid(e) })),
});
/** The day's offered starts as Madrid wall-clock hh:mm+offset. */
const times = (r: AvailabilityRequest, day = 0) => computeAvailability(r)[day]!.slots.map((s) => offsetDateTime(new Date(s.startAt), ZONE).slice(11, 16));

describe('online booking availability', () => {
  it('offers the free starts of a morning with a block in the middle', () => {
    const ana = member('ana', { weekly: allWeek([{ start: '09:00', end: '13:00' }]), timeOff: [{ id: 'b', kind: 'TIME_OFF_KIND_BLOCK', start: wall('2027-03-01T10:00'), end: wall('2027-03-01T11:00') }] });
    expect(times(request({ candidates: [ana] }))).toEqual(['09:00', '09:30', '11:00', '11:30', '12:00', '12:30']);
  });

  it('keeps the buffers after the booking and after the appointments already booked free', () => {
    // An appointment 10:00–10:30 with a 15-minute buffer after it (its span already holds it);
    // the new booking takes 30 minutes plus a 10-minute buffer.
    const ana = member('ana', { weekly: allWeek([{ start: '09:00', end: '12:00' }]) }, [['2027-03-01T10:00', '2027-03-01T10:45']]);
    const r = request({ candidates: [ana], slotIntervalMinutes: 15, bufferMinutes: 10 });
    expect(times(r)).toEqual(['09:00', '09:15', '10:45', '11:00', '11:15', '11:30']);
    // 09:30 would end at 10:00 but its buffer runs into the appointment; 11:30 ends at 12:00 (buffers may run past closing).
  });

  it('respects the minimum notice and the horizon', () => {
    const ana = member('ana', { weekly: allWeek([{ start: '09:00', end: '13:00' }]) });
    const now = madrid('2027-03-01T09:05');
    const soon = request({ candidates: [ana], now, minimumNoticeMinutes: 60, slotIntervalMinutes: 15 });
    expect(times(soon)[0]).toBe('10:15');
    // One day of horizon: today and tomorrow until now + 24 h, nothing after.
    const days = computeAvailability(request({ candidates: [ana], now, horizonDays: 1, days: 5 }));
    expect(days.map((d) => d.date)).toEqual(['2027-03-01', '2027-03-02']);
    expect(days[1]!.slots.map((s) => offsetDateTime(new Date(s.startAt), ZONE).slice(11, 16))).toEqual(['09:00']);
    // Days before today answer from today.
    expect(computeAvailability(request({ candidates: [ana], now, from: Temporal.PlainDate.from('2027-02-20'), days: 2 })).map((d) => d.date)).toEqual(['2027-03-01', '2027-03-02']);
  });

  it('offers nothing on a closed date, and names every free member who performs the services', () => {
    const hours = { weekly: allWeek([{ start: '09:00', end: '11:00' }]) };
    const ana = member('ana', { ...hours, closedDates: [{ date: '2027-03-02' }] });
    const bea = member('bea', { weekly: allWeek([{ start: '10:00', end: '11:00' }]) }, [['2027-03-01T10:00', '2027-03-01T10:30']]);
    const days = computeAvailability(request({ candidates: [ana, bea], days: 2 }));
    expect(days[0]!.slots.map((s) => [offsetDateTime(new Date(s.startAt), ZONE).slice(11, 16), s.userIds])).toEqual([
      ['09:00', ['ana']],
      ['09:30', ['ana']],
      ['10:00', ['ana']],
      ['10:30', ['ana', 'bea']],
    ]);
    expect(days[1]!.slots.map((s) => s.userIds)).toEqual([['bea'], ['bea']]);
  });

  it('on the night clocks go forward (Madrid, 28 March 2027) skips 02:00–02:59 and counts real time', () => {
    const ana = member('ana', { weekly: allWeek([{ start: '00:00', end: '04:00' }]) });
    const r = request({ candidates: [ana], from: Temporal.PlainDate.from('2027-03-28'), durationMinutes: 60 });
    const starts = computeAvailability(r)[0]!.slots.map((s) => offsetDateTime(new Date(s.startAt), ZONE));
    // 60 minutes from 01:00 end at 03:00 (wall); from 01:30 they would end at 03:30, so 01:30 still
    // fits before 04:00, but 03:30 does not.
    expect(starts).toEqual([
      '2027-03-28T00:00:00+01:00',
      '2027-03-28T00:30:00+01:00',
      '2027-03-28T01:00:00+01:00',
      '2027-03-28T01:30:00+01:00',
      '2027-03-28T03:00:00+02:00',
    ]);
    // A closing at 03:00: 01:30 plus 60 real minutes is 03:30, past it.
    const early = member('ana', { weekly: allWeek([{ start: '00:00', end: '03:00' }]) });
    expect(times(request({ candidates: [early], from: Temporal.PlainDate.from('2027-03-28'), durationMinutes: 60 }))).toEqual(['00:00', '00:30', '01:00']);
  });

  it('on the night clocks go back (31 October 2027) offers the repeated hour once, as its first occurrence', () => {
    const ana = member('ana', { weekly: allWeek([{ start: '01:00', end: '04:00' }]) });
    const r = request({ candidates: [ana], from: Temporal.PlainDate.from('2027-10-31'), durationMinutes: 30 });
    const starts = computeAvailability(r)[0]!.slots.map((s) => offsetDateTime(new Date(s.startAt), ZONE));
    expect(starts).toEqual([
      '2027-10-31T01:00:00+02:00',
      '2027-10-31T01:30:00+02:00',
      '2027-10-31T02:00:00+02:00',
      '2027-10-31T02:30:00+02:00',
      '2027-10-31T03:00:00+01:00',
      '2027-10-31T03:30:00+01:00',
    ]);
  });
});
