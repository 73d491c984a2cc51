import type { RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { BookingPageMember } from '@generated/types.gen';
import { m } from '../messages';

/** Step 2 (when the business lets customers choose): anyone, or one of the members who perform every chosen service. */
export function MemberStep({
  members,
  value,
  onChange,
  onBack,
  onContinue,
  headingRef,
}: {
  members: Array<BookingPageMember & { place: number }>;
  value: string;
  onChange: (id: string) => void;
  onBack: () => void;
  onContinue: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const intl = useIntl();
  const options = [
    { id: '', displayName: intl.formatMessage(m.memberAnyone), hint: intl.formatMessage(m.memberAnyoneHint) },
    ...members.map((member) => ({ id: member.id, displayName: member.displayName ?? intl.formatMessage(m.memberUnnamed, { place: member.place }), hint: '' })),
  ];
  return (
    <section aria-labelledby="bk-step-title">
      <h2 id="bk-step-title" ref={headingRef} tabIndex={-1}>
        {intl.formatMessage(m.memberTitle)}
      </h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onContinue();
        }}
      >
        <fieldset className="bk-fieldset">
          <legend className="bk-visually-hidden">{intl.formatMessage(m.memberTitle)}</legend>
          <ul className="bk-options">
            {options.map((option) => (
              <li key={option.id || 'anyone'}>
                <label className="bk-option">
                  <input type="radio" name="member" value={option.id} checked={value === option.id} onChange={() => onChange(option.id)} />
                  <span className="bk-option-text">
                    <span className="bk-option-name">{option.displayName}</span>
                    {option.hint ? <span className="bk-dim bk-small">{option.hint}</span> : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="bk-actions">
          <button type="button" className="bk-button bk-secondary" onClick={onBack}>
            {intl.formatMessage(m.back)}
          </button>
          <button type="submit" className="bk-button">
            {intl.formatMessage(m.continue)}
          </button>
        </div>
      </form>
    </section>
  );
}
