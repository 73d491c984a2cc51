import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { BookingPage } from '@generated/types.gen';
import { formatDuration, formatPrice } from '../booking-format';
import { m } from '../messages';

export const MAX_SERVICES = 5;

/**
 * A service's description, clamped to three lines (book.html: .bk-clamp); when it is longer, a
 * "More" button (a real button: reached with Tab, pressed with Enter or Space) shows the rest and
 * "Less" clamps it again. Whether it is longer is measured, so a short text has no button.
 */
function ServiceDescription({ id, text }: { id: string; text: string }) {
  const intl = useIntl();
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || open) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [open, text]);
  return (
    <div className="bk-description">
      <p id={id} ref={ref} className={`bk-dim bk-small${open ? '' : ' bk-clamp'}`}>
        {text}
      </p>
      {overflows || open ? (
        <button type="button" className="bk-link bk-small bk-more" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {intl.formatMessage(open ? m.descriptionLess : m.descriptionMore)}
        </button>
      ) : null}
    </div>
  );
}

/** Step 1: the services, as checkboxes (1 to 5, booked one after the other in the order chosen). */
export function ServicesStep({
  page,
  selected,
  onChange,
  onContinue,
  headingRef,
}: {
  page: BookingPage;
  selected: string[];
  onChange: (ids: string[]) => void;
  onContinue: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const intl = useIntl();
  const [error, setError] = useState(false);
  const full = selected.length >= MAX_SERVICES;

  const toggle = (id: string, checked: boolean) => {
    setError(false);
    onChange(checked ? [...selected, id] : selected.filter((item) => item !== id));
  };

  return (
    <section aria-labelledby="bk-step-title">
      <h2 id="bk-step-title" ref={headingRef} tabIndex={-1}>
        {intl.formatMessage(m.servicesTitle)}
      </h2>
      {page.services.length === 0 ? (
        <p>{intl.formatMessage(m.servicesNone)}</p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (selected.length === 0) setError(true);
            else onContinue();
          }}
        >
          <fieldset className="bk-fieldset" aria-describedby="bk-services-hint bk-services-error">
            <legend className="bk-dim" id="bk-services-hint">
              {intl.formatMessage(m.servicesHint, { max: MAX_SERVICES })}
            </legend>
            <ul className="bk-options">
              {page.services.map((service) => {
                const checked = selected.includes(service.id);
                return (
                  <li key={service.id} className="bk-option">
                    <input
                      id={`bk-service-${service.id}`}
                      type="checkbox"
                      checked={checked}
                      disabled={!checked && full}
                      aria-describedby={service.description ? `bk-service-${service.id}-description` : undefined}
                      onChange={(event) => toggle(service.id, event.target.checked)}
                    />
                    <span className="bk-option-text">
                      <label htmlFor={`bk-service-${service.id}`} className="bk-option-label">
                        <span className="bk-option-name">{service.name}</span>
                        <span className="bk-dim">
                          {intl.formatMessage(m.durationPrice, { duration: formatDuration(intl, service.durationMinutes), price: formatPrice(service.price.amount, service.price.currency, intl.locale) })}
                        </span>
                      </label>
                      {service.description ? <ServiceDescription id={`bk-service-${service.id}-description`} text={service.description} /> : null}
                    </span>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <p id="bk-services-error" className="bk-error" role={error ? 'alert' : undefined}>
            {error ? intl.formatMessage(m.servicesRequired) : full ? intl.formatMessage(m.servicesMax, { max: MAX_SERVICES }) : null}
          </p>
          <div className="bk-actions">
            <button type="submit" className="bk-button">
              {intl.formatMessage(m.continue)}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
