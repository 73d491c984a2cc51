import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { BookingPage, BookingSlot, OnlineBookingSummary } from '@generated/types.gen';
import { formatDuration, formatPrice, membersFor, totals } from '../booking-format';
import { m } from '../messages';
import { Confirmation } from './confirmation';
import { DetailsStep } from './details-step';
import { MemberStep } from './member-step';
import { PortfolioGallery } from './portfolio-gallery';
import { ServicesStep } from './services-step';
import { TimeStep } from './time-step';

type Step = 'services' | 'member' | 'time' | 'details';

/**
 * The booking flow: services (1 to 5) → a team member (when the business lets customers choose) →
 * a day and time → the customer's details → the confirmation. One step at a time; each step's
 * heading takes the focus when it opens, so a screen reader announces where the person is.
 */
export function BookingApp({ page, slug }: { page: BookingPage; slug: string }) {
  const intl = useIntl();
  const [step, setStep] = useState<Step>('services');
  const [serviceIds, setServiceIds] = useState<string[]>([]);
  const [memberId, setMemberId] = useState('');
  const [slot, setSlot] = useState<BookingSlot | null>(null);
  const [booking, setBooking] = useState<OnlineBookingSummary | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const chosen = useMemo(() => serviceIds.flatMap((id) => page.services.filter((service) => service.id === id)), [serviceIds, page.services]);
  // Each member keeps their place on the page (what names someone who has not given a name).
  const members = useMemo(() => membersFor(page.members.map((member, index) => ({ ...member, place: index + 1 })), chosen), [page.members, chosen]);
  const withMember = page.memberChoice && page.members.length > 0;
  const steps: Step[] = withMember ? ['services', 'member', 'time', 'details'] : ['services', 'time', 'details'];
  const { minutes, amount } = totals(chosen);

  useEffect(() => {
    document.title = page.businessName;
  }, [page.businessName]);

  // The heading of a step that opened takes the focus (not on the first load).
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step, booking]);

  const go = (next: Step) => {
    moved.current = true;
    setStep(next);
    window.scrollTo({ top: 0 });
  };
  const back = () => go(steps[Math.max(0, steps.indexOf(step) - 1)]!);
  const nextOf = (current: Step) => steps[steps.indexOf(current) + 1]!;

  if (booking) {
    return (
      <main className="bk-main">
        <Confirmation
          booking={booking}
          page={page}
          headingRef={headingRef}
          onAnother={() => {
            setBooking(null);
            setSlot(null);
            setServiceIds([]);
            setMemberId('');
            go('services');
          }}
        />
      </main>
    );
  }

  const stepNumber = steps.indexOf(step) + 1;
  return (
    <main className="bk-main">
      <header className="bk-header">
        <h1>{page.businessName}</h1>
        {page.description ? <p className="bk-dim">{page.description}</p> : null}
      </header>
      <p className="bk-dim bk-step">{intl.formatMessage(m.stepOf, { step: stepNumber, total: steps.length })}</p>

      {step === 'services' && page.portfolio?.length ? <PortfolioGallery items={page.portfolio} /> : null}
      {step === 'services' ? (
        <ServicesStep
          page={page}
          selected={serviceIds}
          onChange={(ids) => {
            setServiceIds(ids);
            setSlot(null);
          }}
          headingRef={headingRef}
          onContinue={() => {
            if (memberId && !membersFor(page.members, page.services.filter((service) => serviceIds.includes(service.id))).some((member) => member.id === memberId)) setMemberId('');
            go(nextOf('services'));
          }}
        />
      ) : null}
      {step === 'member' ? (
        <MemberStep
          members={members}
          value={memberId}
          onChange={(id) => {
            setMemberId(id);
            setSlot(null);
          }}
          headingRef={headingRef}
          onBack={back}
          onContinue={() => go('time')}
        />
      ) : null}
      {step === 'time' ? (
        <TimeStep
          page={page}
          slug={slug}
          serviceIds={serviceIds}
          memberId={memberId}
          selected={slot}
          headingRef={headingRef}
          onBack={back}
          onChoose={(chosenSlot) => {
            setSlot(chosenSlot);
            go('details');
          }}
        />
      ) : null}
      {step === 'details' && slot ? (
        <DetailsStep
          page={page}
          slug={slug}
          serviceIds={serviceIds}
          memberId={memberId}
          slot={slot}
          headingRef={headingRef}
          onBack={back}
          onOtherTime={() => go('time')}
          onBooked={(summary) => {
            moved.current = true;
            setBooking(summary);
            window.scrollTo({ top: 0 });
          }}
        />
      ) : null}

      <footer className="bk-summary" aria-live="polite">
        {chosen.length > 0
          ? intl.formatMessage(m.total, { count: chosen.length, duration: formatDuration(intl, minutes), price: formatPrice(amount, page.currency, intl.locale) })
          : intl.formatMessage(m.noneChosen)}
      </footer>
    </main>
  );
}
