import { useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { BookingPage } from '@generated/types.gen';
import { formatDuration, formatPrice } from '../booking-format';
import { m } from '../messages';

export const MAX_SERVICES = 5;

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
                  <li key={service.id}>
                    <label className="bk-option">
                      <input type="checkbox" checked={checked} disabled={!checked && full} onChange={(event) => toggle(service.id, event.target.checked)} />
                      <span className="bk-option-text">
                        <span className="bk-option-name">{service.name}</span>
                        <span className="bk-dim">
                          {intl.formatMessage(m.durationPrice, { duration: formatDuration(intl, service.durationMinutes), price: formatPrice(service.price.amount, service.price.currency) })}
                        </span>
                        {service.description ? <span className="bk-dim bk-small">{service.description}</span> : null}
                      </span>
                    </label>
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
