import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { getConfigurationOptions } from '@generated/@tanstack/react-query.gen';
import type { SubscriptionPlan, Tenant } from '@generated/types.gen';
import { formatPlanPrice } from '~/lib/plan-price';
import { subscribeUrl } from '~/lib/subscription';

export type PlanKey = 'pro' | 'premium';

export interface PlanOffer {
  key: PlanKey;
  plan: SubscriptionPlan;
  /** '€19.90' / '19,90 €' */
  price: string;
  /** The payment link with prefilled_email, locale and currency; null when the link is missing. */
  url: string | null;
}

/**
 * The paid plans of the configuration with their prices and payment links for this business
 * (SPEC §7 Subscribe), plus the support phone and the translated contact text naming the business.
 */
export function useSubscriptionOffer(
  tenant: (Pick<Tenant, 'email' | 'businessName'> & Partial<Pick<Tenant, 'currency'>>) | null | undefined,
  options: { enabled?: boolean } = {},
) {
  const intl = useIntl();
  const configuration = useQuery({ ...getConfigurationOptions(), enabled: options.enabled ?? true });
  const config = configuration.data?.configuration;
  const offer = (key: PlanKey, plan: SubscriptionPlan, link: string): PlanOffer => {
    // The price in the business's currency when the plan has one (a US business sees dollars).
    const price = planPriceIn(plan, tenant?.currency?.currencyCode);
    return {
      key,
      plan,
      price: formatPlanPrice(price, intl.locale),
      url: subscribeUrl(link, { email: tenant?.email, language: intl.locale, currency: price.currency }),
    };
  };
  const plans: PlanOffer[] = config
    ? [offer('pro', config.proPlan, config.stripePaymentProPlan), offer('premium', config.premiumPlan, config.stripePaymentPremiumPlan)]
    : [];
  const contactText = tenant?.businessName
    ? intl.formatMessage(
        {
          id: 'license.contact.text',
          defaultMessage: 'Hello, I would like to know more about subscribing to Cita for my business {businessName}.',
        },
        { businessName: tenant.businessName },
      )
    : intl.formatMessage({ id: 'license.contact.textNoBusiness', defaultMessage: 'Hello, I would like to know more about subscribing to Cita.' });
  return {
    configuration,
    plans,
    trialPeriodDays: config?.trialPeriodDays ?? null,
    supportPhone: config?.supportPhone ?? null,
    contactText,
  };
}

/** The plan's price in `currency` when it has one, else its main price. */
export function planPriceIn(plan: SubscriptionPlan, currency: string | undefined) {
  return (currency && plan.prices?.find((price) => price.currency === currency)) || plan.price;
}
