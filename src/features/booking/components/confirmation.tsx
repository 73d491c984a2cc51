import type { RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { BookingPage, OnlineBookingSummary } from '@generated/types.gen';
import { formatDuration } from '../booking-format';
import { formatDate, formatTime, wallClock } from '../booking-time';
import { m } from '../messages';

/** After booking: confirmed or waiting for the business, when (the business's wall clock), what, with whom. */
export function Confirmation({
  booking,
  page,
  onAnother,
  headingRef,
}: {
  booking: OnlineBookingSummary;
  page: BookingPage;
  onAnother: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const intl = useIntl();
  const pending = booking.status === 'APPOINTMENT_STATUS_PENDING';
  const address = page.address ? [page.address.line1, page.address.line2, page.address.postalCode, page.address.city].filter(Boolean).join(', ') : '';
  return (
    <section aria-labelledby="bk-done-title" className="bk-done">
      <p className="bk-dim">{booking.businessName}</p>
      <h1 id="bk-done-title" ref={headingRef} tabIndex={-1}>
        <span aria-hidden="true" className={pending ? 'bk-tick bk-tick-pending' : 'bk-tick'} />
        {intl.formatMessage(pending ? m.donePending : m.doneConfirmed)}
      </h1>
      {pending ? <p>{intl.formatMessage(m.donePendingText, { business: booking.businessName })}</p> : null}
      <dl className="bk-facts">
        <dt>{intl.formatMessage(m.doneWhen)}</dt>
        <dd>
          {formatDate(wallClock(booking.startAt).date, intl.locale)}
          <br />
          {intl.formatMessage(m.doneTime, { start: formatTime(booking.startAt), end: formatTime(booking.endAt) })}
        </dd>
        <dt>{intl.formatMessage(m.doneWhat)}</dt>
        <dd>{booking.serviceNames.join(', ')}</dd>
        {booking.professionalName ? (
          <>
            <dt>{intl.formatMessage(m.doneWho)}</dt>
            <dd>{booking.professionalName}</dd>
          </>
        ) : null}
        {address ? (
          <>
            <dt>{intl.formatMessage(m.doneWhere)}</dt>
            <dd>{address}</dd>
          </>
        ) : null}
      </dl>
      {booking.confirmationEmailSent ? <p>{intl.formatMessage(m.doneEmail)}</p> : null}
      {page.cancellationCutoffMinutes > 0 ? <p className="bk-dim">{intl.formatMessage(m.doneCutoff, { duration: formatDuration(intl, page.cancellationCutoffMinutes) })}</p> : null}
      <div className="bk-actions">
        <button type="button" className="bk-button bk-secondary" onClick={onAnother}>
          {intl.formatMessage(m.bookAnother)}
        </button>
      </div>
    </section>
  );
}
