import { Button, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconExternalLink } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Tenant } from '@generated/types.gen';
import { WhatsAppButton } from '~/components/whatsapp-button';
import { licenseDaysLeft } from '~/lib/license';
import { subscriptionPopupVisible } from '~/lib/subscription';
import { nowInstant } from '~/lib/temporal';
import { usePopupDismissed } from '../hooks/use-popup-dismissed';
import { useSubscriptionOffer } from '../hooks/use-subscription-offer';
import { PlanPriceText } from './plan-price-text';

export type SubscriptionPopupTenant = Pick<Tenant, 'licenseStatus' | 'email' | 'businessName' | 'licenseActiveUntil'> & Partial<Pick<Tenant, 'currency'>>;

/**
 * SPEC §2/§4: the bottom-right subscription popup for beta testers. Visible per
 * subscriptionPopupVisible (beta-tester licence, not on login/register/auto-register/
 * cancel-appointments/onboarding opening hours, window wider than 800 px), recomputed on every route
 * change and window resize. Close, Subscribe (Pro / Premium) and Contact hide it for the rest of the
 * session. Mount it once in the shell with the session's tenant.
 */
export function SubscriptionPopup({ tenant }: { tenant: SubscriptionPopupTenant | null | undefined }) {
  const intl = useIntl();
  const titleId = useId();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { width } = useViewportSize();
  const [dismissed, dismiss] = usePopupDismissed();
  const eligible = !dismissed && subscriptionPopupVisible({ licenseStatus: tenant?.licenseStatus, pathname, windowWidth: width });
  const { configuration, plans, trialPeriodDays, supportPhone, contactText } = useSubscriptionOffer(tenant, { enabled: eligible });

  // A promotion, not a task: while the configuration is loading or unavailable it simply does not show.
  if (!eligible || !configuration.data) return null;
  const daysLeft = licenseDaysLeft(tenant, nowInstant());

  return (
    <Paper
      role="dialog"
      aria-modal={false}
      aria-labelledby={titleId}
      data-testid="subscription-popup"
      pos="fixed"
      bottom={16}
      right={16}
      w={360}
      p="md"
      shadow="xl"
      radius="lg"
      withBorder
      style={{ zIndex: 300 }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismiss();
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h5" id={titleId}>
            <FormattedMessage id="license.popup.title" defaultMessage="Keep Cita after the beta" />
          </Title>
          <CloseButton
            onClick={dismiss}
            aria-label={intl.formatMessage({ id: 'license.popup.close', defaultMessage: 'Close the subscription offer' })}
          />
        </Group>
        <Text size="sm">
          {daysLeft !== null && daysLeft > 0 ? (
            <FormattedMessage
              id="license.popup.daysLeft"
              defaultMessage="Thank you for testing Cita! Your beta access ends in {days, plural, one {# day} other {# days}}."
              values={{ days: daysLeft }}
            />
          ) : (
            <FormattedMessage id="license.popup.thanks" defaultMessage="Thank you for testing Cita!" />
          )}
        </Text>
        {trialPeriodDays ? (
          <Text size="sm">
            <FormattedMessage
              id="license.popup.trial"
              defaultMessage="Subscribe now and the first {days, plural, one {# day is} other {# days are}} free."
              values={{ days: trialPeriodDays }}
            />
          </Text>
        ) : null}
        {plans.map(({ key, plan, price, url }) => (
          <Group key={key} justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0}>
              <Text fw={700}>{plan.name}</Text>
              <Text size="sm" c="dimmed">
                <PlanPriceText price={price} interval={plan.interval} />
              </Text>
            </Stack>
            {url ? (
              <Button
                component="a"
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                size="xs"
                variant={key === 'premium' ? 'filled' : 'light'}
                rightSection={<IconExternalLink size={14} aria-hidden />}
                onClick={dismiss}
              >
                <FormattedMessage id="license.subscribeTo" defaultMessage="Subscribe to {plan}" values={{ plan: plan.name }} />
              </Button>
            ) : null}
          </Group>
        ))}
        <WhatsAppButton phone={supportPhone} text={contactText} variant="subtle" size="xs" onClick={dismiss}>
          <FormattedMessage id="license.contact" defaultMessage="Questions? Contact us" />
        </WhatsAppButton>
      </Stack>
    </Paper>
  );
}
