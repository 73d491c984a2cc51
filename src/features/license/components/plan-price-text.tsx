import { FormattedMessage } from 'react-intl';
import type { SubscriptionPlan } from '@generated/types.gen';

/** '€19.90/month', '19,90 €/año'. */
export function PlanPriceText({ price, interval }: { price: string; interval: SubscriptionPlan['interval'] }) {
  return interval === 'PLAN_INTERVAL_YEAR' ? (
    <FormattedMessage id="license.plan.perYear" defaultMessage="{price}/year" values={{ price }} />
  ) : (
    <FormattedMessage id="license.plan.perMonth" defaultMessage="{price}/month" values={{ price }} />
  );
}
