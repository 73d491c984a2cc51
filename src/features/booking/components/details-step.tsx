import { useMemo, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { BookingPage, BookingSlot, OnlineBookingSummary } from '@generated/types.gen';
import { CountryFlag } from '~/components/country-flag';
import { asProblem, problemKind } from '~/lib/api-problem';
import { countries, findCountryByDialCode } from '~/lib/countries';
import { isAppLocale } from '~/lib/locale';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { createBooking } from '../booking-api';
import { fieldOfPointer, LIMITS, toBookingRequest, validateDetails, type DetailsErrors, type DetailsField, type DetailsValues } from '../booking-form';
import { formatDate, formatTime, wallClock } from '../booking-time';
import { m } from '../messages';
import { problemMessage } from './problem-message';

const FIELD_IDS: Record<DetailsField, string> = {
  name: 'bk-name',
  lastName: 'bk-last-name',
  phoneDialCode: 'bk-phone-country',
  phoneNumber: 'bk-phone',
  email: 'bk-email',
  privacyConsent: 'bk-privacy',
  notes: 'bk-notes',
};

type Failure = { kind: 'message'; text: string } | { kind: 'taken'; slots: BookingSlot[] } | { kind: 'unavailable' };

/** The business's own dial code, else its language's country (Spain; the US for en-US). */
function initialCountry(page: BookingPage, language: string) {
  const dial = page.phoneCountryCode ?? (page.locale === 'en-US' ? '+1' : '+34');
  return findCountryByDialCode(dial, language) ?? countries(language)[0]!;
}

/** Step 4: who books (name, phone, e-mail, consent, notes) and the booking itself. */
export function DetailsStep({
  page,
  slug,
  serviceIds,
  memberId,
  slot,
  onBooked,
  onBack,
  onOtherTime,
  headingRef,
}: {
  page: BookingPage;
  slug: string;
  serviceIds: string[];
  memberId: string;
  slot: BookingSlot;
  onBooked: (booking: OnlineBookingSummary) => void;
  onBack: () => void;
  onOtherTime: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const intl = useIntl();
  const language = intl.locale;
  const countryList = useMemo(() => countries(language), [language]);
  const [values, setValues] = useState<DetailsValues>(() => {
    const country = initialCountry(page, language);
    return {
      name: '',
      lastName: '',
      phoneCountry: country.code,
      phoneDialCode: country.dial_code,
      phoneNumber: '',
      email: '',
      privacyConsent: false,
      marketingConsent: false,
      notes: '',
      website: '',
    };
  });
  const [errors, setErrors] = useState<DetailsErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const idempotency = useIdempotencyKey();
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  const set = <K extends keyof DetailsValues>(key: K, value: DetailsValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (submitted) setErrors(validateDetails(next));
  };

  const focusField = (field: DetailsField) => document.getElementById(FIELD_IDS[field])?.focus();

  const send = async (startAt: string) => {
    setFailure(null);
    setSending(true);
    try {
      const locale = isAppLocale(language) ? language : 'en-US';
      const booking = await createBooking(slug, toBookingRequest(values, { serviceIds, memberId, startAt, language: locale }), idempotency.key());
      idempotency.renew();
      onBooked(booking);
    } catch (error) {
      const problem = asProblem(error);
      // A definite answer: the next attempt is a new request. A lost answer keeps the key (the server replays).
      if (problem) idempotency.renew();
      if (problem?.status === 409 && problem.code === 'slot_taken') {
        setFailure({ kind: 'taken', slots: ((error as { availableSlots?: BookingSlot[] }).availableSlots ?? []).slice(0, 6) });
      } else if (problem?.status === 422 && problem.code === 'slot_unavailable') {
        setFailure({ kind: 'unavailable' });
      } else if (problem && (problem.status === 400 || problem.status === 422) && problem.errors?.length) {
        const fieldErrors: DetailsErrors = {};
        for (const item of problem.errors) {
          const field = fieldOfPointer(item.field);
          if (field) fieldErrors[field] = { message: m.fieldInvalid };
        }
        const first = (Object.keys(FIELD_IDS) as DetailsField[]).find((field) => fieldErrors[field]);
        if (first) {
          setErrors(fieldErrors);
          focusField(first);
        } else setFailure({ kind: 'message', text: intl.formatMessage(m.rejected) });
      } else if (problem && (problem.status === 400 || problem.status === 422)) {
        setFailure({ kind: 'message', text: intl.formatMessage(m.rejected) });
      } else {
        setFailure({ kind: 'message', text: intl.formatMessage(problemMessage(problemKind(error))) });
      }
      requestAnimationFrame(() => failureRef.current?.focus());
    } finally {
      setSending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    const found = validateDetails(values);
    setErrors(found);
    const first = (Object.keys(FIELD_IDS) as DetailsField[]).find((field) => found[field]);
    if (first) {
      focusField(first);
      return;
    }
    void send(slot.startAt);
  };

  const errorOf = (field: DetailsField) => {
    const error = errors[field];
    return error ? intl.formatMessage(error.message, error.values) : undefined;
  };
  const when = intl.formatMessage(m.chosenTime, { date: formatDate(wallClock(slot.startAt).date, language), time: formatTime(slot.startAt) });

  return (
    <section aria-labelledby="bk-step-title">
      <h2 id="bk-step-title" ref={headingRef} tabIndex={-1}>
        {intl.formatMessage(m.detailsTitle)}
      </h2>
      <p className="bk-chosen">{when}</p>

      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={sending}>
        <div className="bk-grid">
          <Field id={FIELD_IDS.name} label={intl.formatMessage(m.name)} error={errorOf('name')} required>
            {(props) => <input {...props} type="text" autoComplete="given-name" maxLength={LIMITS.name} value={values.name} onChange={(event) => set('name', event.target.value)} />}
          </Field>
          <Field id={FIELD_IDS.lastName} label={intl.formatMessage(m.lastName)} error={errorOf('lastName')} required>
            {(props) => <input {...props} type="text" autoComplete="family-name" maxLength={LIMITS.name} value={values.lastName} onChange={(event) => set('lastName', event.target.value)} />}
          </Field>
        </div>
        <div className="bk-phone">
          <Field id={FIELD_IDS.phoneDialCode} label={intl.formatMessage(m.phoneCountry)} error={errorOf('phoneDialCode')}>
            {(props) => (
              // A native select (keyboard, screen readers and phone pickers for free) cannot draw images in
              // its options: the chosen country's flag is an image beside the value, the options are text.
              <div className="bk-flag-select">
                <CountryFlag code={values.phoneCountry} />
                <select
                  {...props}
                  autoComplete="tel-country-code"
                  value={values.phoneCountry}
                  onChange={(event) => {
                    const country = countryList.find((item) => item.code === event.target.value);
                    if (country) setValues({ ...values, phoneCountry: country.code, phoneDialCode: country.dial_code });
                  }}
                >
                  {countryList.map((country) => {
                    const text = [country.dial_code, country.name].join(' ');
                    return (
                      <option key={country.code} value={country.code}>
                        {text}
                      </option>
                    );
                  })}
                </select>
              </div>
            )}
          </Field>
          <Field id={FIELD_IDS.phoneNumber} label={intl.formatMessage(m.phone)} error={errorOf('phoneNumber')} required>
            {(props) => <input {...props} type="tel" inputMode="tel" autoComplete="tel-national" maxLength={24} value={values.phoneNumber} onChange={(event) => set('phoneNumber', event.target.value)} />}
          </Field>
        </div>
        <Field id={FIELD_IDS.email} label={intl.formatMessage(m.email)} hint={intl.formatMessage(m.emailHint)} error={errorOf('email')} required>
          {(props) => <input {...props} type="email" inputMode="email" autoComplete="email" maxLength={LIMITS.email} value={values.email} onChange={(event) => set('email', event.target.value)} />}
        </Field>
        <Field id={FIELD_IDS.notes} label={intl.formatMessage(m.notes)} error={errorOf('notes')}>
          {(props) => <textarea {...props} rows={3} maxLength={LIMITS.notes} value={values.notes} onChange={(event) => set('notes', event.target.value)} />}
        </Field>

        {/* The honeypot: off screen, out of the tab order and the accessibility tree; bots fill it. */}
        <div className="bk-honeypot" aria-hidden="true">
          <label htmlFor="bk-website">{intl.formatMessage(m.honeypot)}</label>
          <input id="bk-website" name="website" type="text" tabIndex={-1} autoComplete="off" value={values.website} onChange={(event) => setValues({ ...values, website: event.target.value })} />
        </div>

        <div className="bk-check">
          <input
            id={FIELD_IDS.privacyConsent}
            type="checkbox"
            checked={values.privacyConsent}
            aria-invalid={errors.privacyConsent ? true : undefined}
            aria-describedby={`${FIELD_IDS.privacyConsent}-error`}
            aria-required="true"
            onChange={(event) => set('privacyConsent', event.target.checked)}
          />
          <label htmlFor={FIELD_IDS.privacyConsent}>{intl.formatMessage(m.privacy, { business: page.businessName })}</label>
        </div>
        <p id={`${FIELD_IDS.privacyConsent}-error`} className="bk-error">
          {errorOf('privacyConsent')}
        </p>
        <div className="bk-check">
          <input id="bk-marketing" type="checkbox" checked={values.marketingConsent} onChange={(event) => set('marketingConsent', event.target.checked)} />
          <label htmlFor="bk-marketing">{intl.formatMessage(m.marketing, { business: page.businessName })}</label>
        </div>

        <div ref={failureRef} tabIndex={-1} className="bk-failure" role={failure ? 'alert' : undefined}>
          {failure?.kind === 'message' ? <p className="bk-error">{failure.text}</p> : null}
          {failure?.kind === 'unavailable' ? (
            <>
              <p className="bk-error">{intl.formatMessage(m.slotUnavailable)}</p>
              <button type="button" className="bk-button bk-secondary" onClick={onOtherTime}>
                {intl.formatMessage(m.chooseOtherTime)}
              </button>
            </>
          ) : null}
          {failure?.kind === 'taken' ? (
            <>
              <p className="bk-error">
                <strong>{intl.formatMessage(m.slotTaken)}</strong>
                <br />
                {intl.formatMessage(failure.slots.length ? m.slotTakenChoose : m.slotTakenNone)}
              </p>
              <div className="bk-times">
                {failure.slots.map((free) => (
                  <button key={free.startAt} type="button" className="bk-time" disabled={sending} onClick={() => void send(free.startAt)}>
                    {intl.formatMessage(m.bookAt, { date: formatDate(wallClock(free.startAt).date, language, { weekday: 'short', day: 'numeric', month: 'short' }), time: formatTime(free.startAt) })}
                  </button>
                ))}
              </div>
              <button type="button" className="bk-button bk-secondary" onClick={onOtherTime}>
                {intl.formatMessage(m.chooseOtherTime)}
              </button>
            </>
          ) : null}
        </div>
        {submitted && Object.keys(errors).length > 0 ? (
          <p className="bk-error" role="alert">
            {intl.formatMessage(m.fixErrors)}
          </p>
        ) : null}

        <div className="bk-actions">
          <button type="button" className="bk-button bk-secondary" onClick={onBack}>
            {intl.formatMessage(m.back)}
          </button>
          <button type="submit" className="bk-button" aria-disabled={sending}>
            {intl.formatMessage(sending ? m.booking : m.book)}
          </button>
        </div>
      </form>
    </section>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby': string;
  'aria-required'?: true;
}

/** A labelled control with its hint and its error right under it (announced with the control). */
function Field({ id, label, hint, error, required, children }: { id: string; label: string; hint?: string; error?: string; required?: boolean; children: (props: ControlProps) => ReactNode }) {
  const intl = useIntl();
  const describedBy = [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="bk-field">
      <label htmlFor={id}>
        {label}
        {required ? <span className="bk-dim bk-required">{intl.formatMessage(m.required)}</span> : null}
      </label>
      {hint ? (
        <span id={`${id}-hint`} className="bk-dim bk-small">
          {hint}
        </span>
      ) : null}
      {children({ id, 'aria-describedby': describedBy, ...(error ? { 'aria-invalid': true as const } : {}), ...(required ? { 'aria-required': true as const } : {}) })}
      <span id={`${id}-error`} className="bk-error">
        {error}
      </span>
    </div>
  );
}
