import { useEffect, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { BookingAvailability, BookingPage, BookingSlot } from '@generated/types.gen';
import { problemKind, type ProblemKind } from '~/lib/api-problem';
import { timeZoneCity } from '~/lib/time-zone-city';
import { fetchAvailability } from '../booking-api';
import { addDays, daysBetween, deviceTimeZone, formatDate, formatTime, todayIn, wallClock } from '../booking-time';
import { m } from '../messages';
import { problemMessage } from './problem-message';

/** Days fetched and shown at a time. */
export const WINDOW_DAYS = 14;

/** The answer for one request (its key): until the current request's answer arrives, it is loading. */
type Answer = { key: string; availability: BookingAvailability } | { key: string; kind: ProblemKind };
type Load = { state: 'loading' } | { state: 'done'; availability: BookingAvailability } | { state: 'error'; kind: ProblemKind };

/** The days of a window: never past the business's horizon (counted from today). */
export function windowDays(today: string, from: string, horizonDays: number): number {
  return Math.max(1, Math.min(WINDOW_DAYS, horizonDays - daysBetween(today, from)));
}

/** Step 3: a day picker over the next days (14 at a time) and the free times of the chosen day. */
export function TimeStep({
  page,
  slug,
  serviceIds,
  memberId,
  selected,
  onChoose,
  onBack,
  headingRef,
}: {
  page: BookingPage;
  slug: string;
  serviceIds: string[];
  memberId: string;
  selected: BookingSlot | null;
  onChoose: (slot: BookingSlot) => void;
  onBack: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const intl = useIntl();
  const today = todayIn(page.timeZone);
  const initialFrom = selected ? wallClock(selected.startAt).date : today;
  const [from, setFrom] = useState(daysBetween(today, initialFrom) >= WINDOW_DAYS ? initialFrom : today);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [day, setDay] = useState<string | null>(selected ? wallClock(selected.startAt).date : null);
  const [attempt, setAttempt] = useState(0);
  const days = windowDays(today, from, page.horizonDays);
  const lastDay = addDays(today, page.horizonDays - 1);

  const key = JSON.stringify([serviceIds, memberId, from, days, attempt]);
  useEffect(() => {
    const controller = new AbortController();
    fetchAvailability(slug, { serviceIds, ...(memberId ? { userId: memberId } : {}), from, days }, controller.signal).then(
      (availability) => {
        setAnswer({ key, availability });
        setDay((current) => {
          if (current && availability.days.some((item) => item.date === current)) return current;
          return availability.days.find((item) => item.slots.length > 0)?.date ?? availability.days[0]?.date ?? null;
        });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ key, kind: problemKind(error) });
      },
    );
    return () => controller.abort();
  }, [slug, serviceIds, memberId, from, days, key]);

  const load: Load = !answer || answer.key !== key ? { state: 'loading' } : 'availability' in answer ? { state: 'done', availability: answer.availability } : { state: 'error', kind: answer.kind };
  const availability = load.state === 'done' ? load.availability : null;
  const shownDays = availability?.days ?? Array.from({ length: days }, (_, index) => ({ date: addDays(from, index), slots: [] as BookingSlot[] }));
  const current = availability?.days.find((item) => item.date === day);
  const anyFree = availability?.days.some((item) => item.slots.length > 0) ?? false;
  const device = deviceTimeZone();

  const move = (delta: number) => {
    const next = addDays(from, delta);
    setFrom(daysBetween(today, next) < 0 ? today : next);
    setDay(null);
  };

  return (
    <section aria-labelledby="bk-step-title">
      <h2 id="bk-step-title" ref={headingRef} tabIndex={-1}>
        {intl.formatMessage(m.timeTitle)}
      </h2>
      {device && device !== page.timeZone ? <p className="bk-dim bk-small">{intl.formatMessage(m.timeZoneNote, { timeZone: timeZoneCity(page.timeZone) })}</p> : null}

      <div className="bk-window">
        <button type="button" className="bk-button bk-secondary bk-narrow bk-prev" onClick={() => move(-WINDOW_DAYS)} disabled={from <= today}>
          {intl.formatMessage(m.previousDays)}
        </button>
        <button type="button" className="bk-button bk-secondary bk-narrow bk-next" onClick={() => move(WINDOW_DAYS)} disabled={addDays(from, days) > lastDay}>
          {intl.formatMessage(m.nextDays)}
        </button>
      </div>

      <div className="bk-days" role="group" aria-label={intl.formatMessage(m.days)} aria-busy={load.state === 'loading'}>
        {shownDays.map((item) => {
          const full = availability !== null && item.slots.length === 0;
          return (
            <button
              key={item.date}
              type="button"
              className="bk-day"
              aria-pressed={item.date === day}
              disabled={availability === null || full}
              onClick={() => setDay(item.date)}
            >
              <span className="bk-small">{formatDate(item.date, intl.locale, { weekday: 'short' })}</span>
              <strong>{formatDate(item.date, intl.locale, { day: 'numeric' })}</strong>
              <span className="bk-small">{formatDate(item.date, intl.locale, { month: 'short' })}</span>
              {full ? <span className="bk-visually-hidden">{intl.formatMessage(m.dayFull)}</span> : null}
            </button>
          );
        })}
      </div>

      <div className="bk-times-box">
        {load.state === 'loading' ? (
          <p role="status" className="bk-dim">
            {intl.formatMessage(m.loadingTimes)}
          </p>
        ) : null}
        {load.state === 'error' ? (
          <div role="alert">
            <p className="bk-error">{intl.formatMessage(problemMessage(load.kind))}</p>
            <button type="button" className="bk-button bk-secondary" onClick={() => setAttempt((value) => value + 1)}>
              {intl.formatMessage(m.retry)}
            </button>
          </div>
        ) : null}
        {availability && !anyFree ? <p role="status">{intl.formatMessage(m.noTimesRange)}</p> : null}
        {availability && anyFree && current ? (
          current.slots.length === 0 ? (
            <p>{intl.formatMessage(m.noTimesDay)}</p>
          ) : (
            <div className="bk-times" role="group" aria-label={intl.formatMessage(m.timesOf, { date: formatDate(current.date, intl.locale) })}>
              {current.slots.map((slot) => (
                <button key={slot.startAt} type="button" className="bk-time" aria-pressed={selected?.startAt === slot.startAt} onClick={() => onChoose(slot)}>
                  {formatTime(slot.startAt)}
                </button>
              ))}
            </div>
          )
        ) : null}
      </div>

      <div className="bk-actions">
        <button type="button" className="bk-button bk-secondary" onClick={onBack}>
          {intl.formatMessage(m.back)}
        </button>
      </div>
    </section>
  );
}
