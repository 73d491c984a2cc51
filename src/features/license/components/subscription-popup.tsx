import { Button, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconExternalLink, IconSparkles } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, type RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Tenant } from '@generated/types.gen';
import { WhatsAppButton } from '~/components/whatsapp-button';
import { licenseDaysLeft } from '~/lib/license';
import { subscriptionPopupVisible } from '~/lib/subscription';
import { nowInstant } from '~/lib/temporal';
import { popupLicenceKey, reopenSubscriptionPopup, usePopupDismissed } from '../hooks/use-popup-dismissed';
import { useSubscriptionOffer } from '../hooks/use-subscription-offer';
import { PlanPriceText } from './plan-price-text';

export type SubscriptionPopupTenant = Pick<Tenant, 'licenseStatus' | 'email' | 'businessName' | 'licenseActiveUntil'> & Partial<Pick<Tenant, 'currency'>>;

/** The dashboard's sidebar is 240 px wide (src/app/layouts/dashboard-layout.tsx): the popup stays inside it. */
const DOCK_WIDTH = 224;
const DOCK_INSET = 8;

/**
 * The height the docked popup or badge takes at the foot of the screen, as the CSS variable
 * --subscription-dock-height on <html>: the sidebar leaves that much room below its last item
 * (src/app/layouts/dashboard-layout.tsx), so every item can be scrolled above it.
 */
function useDockHeight(ref: RefObject<HTMLElement | null>, shown: 'card' | 'badge' | null) {
  useEffect(() => {
    const element = ref.current;
    const root = document.documentElement;
    if (!shown || !element) return;
    const update = () => root.style.setProperty('--subscription-dock-height', `${Math.ceil(element.getBoundingClientRect().height) + 2 * DOCK_INSET}px`);
    update();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--subscription-dock-height');
    };
  }, [ref, shown]);
}

/**
 * SPEC §2/§4: the subscription popup for beta testers. Visible per subscriptionPopupVisible
 * (beta-tester licence, not on login/register/auto-register/cancel-appointments/onboarding opening
 * hours, window wider than 800 px), recomputed on every route change and window resize.
 * Issue 18, nothing in the way: it is docked bottom-left, over the foot of the sidebar (no wider than
 * the sidebar), never over a page's content (a form's buttons, the calendar's events). Close, Escape,
 * Subscribe and Contact shrink it to a small badge there, which opens it again; by itself it opens
 * again only when the licence changes (use-popup-dismissed). Mount it once in the shell.
 */
export function SubscriptionPopup({ tenant }: { tenant: SubscriptionPopupTenant | null | undefined }) {
  const intl = useIntl();
  const titleId = useId();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { width } = useViewportSize();
  const [dismissed, dismiss] = usePopupDismissed(popupLicenceKey(tenant));
  const eligible = subscriptionPopupVisible({ licenseStatus: tenant?.licenseStatus, pathname, windowWidth: width });
  const { configuration, plans, trialPeriodDays, supportPhone, contactText } = useSubscriptionOffer(tenant, { enabled: eligible && !dismissed });

  const dock = useRef<HTMLElement>(null);
  const shown = !eligible ? null : dismissed ? 'badge' : configuration.data ? 'card' : null;
  useDockHeight(dock, shown);

  if (!eligible) return null;
  if (dismissed) {
    return (
      <Button
        ref={dock as RefObject<HTMLButtonElement | null>}
        data-testid="subscription-badge"
        pos="fixed"
        bottom={DOCK_INSET}
        left={DOCK_INSET}
        maw={DOCK_WIDTH}
        size="compact-sm"
        radius="xl"
        variant="light"
        color="grape"
        leftSection={<IconSparkles size={14} aria-hidden />}
        style={{ zIndex: 300 }}
        aria-haspopup="dialog"
        onClick={reopenSubscriptionPopup}
      >
        <FormattedMessage id="license.popup.badge" defaultMessage="Subscription plans" />
      </Button>
    );
  }
  // A promotion, not a task: while the configuration is loading or unavailable it simply does not show.
  if (!configuration.data) return null;
  const daysLeft = licenseDaysLeft(tenant, nowInstant());

  return (
    <Paper
      ref={dock as RefObject<HTMLDivElement | null>}
      role="dialog"
      aria-modal={false}
      aria-labelledby={titleId}
      data-testid="subscription-popup"
      pos="fixed"
      bottom={DOCK_INSET}
      left={DOCK_INSET}
      w={DOCK_WIDTH}
      mah={`calc(100dvh - 60px - ${2 * DOCK_INSET}px)`}
      style={{ zIndex: 300, overflowY: 'auto' }}
      p="sm"
      shadow="xl"
      radius="lg"
      withBorder
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
          <Stack key={key} gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={700}>{plan.name}</Text>
              <Text size="sm" c="dimmed">
                <PlanPriceText price={price} interval={plan.interval} />
              </Text>
            </Group>
            {url ? (
              <Button
                component="a"
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                size="xs"
                fullWidth
                variant={key === 'premium' ? 'filled' : 'light'}
                rightSection={<IconExternalLink size={14} aria-hidden />}
                onClick={dismiss}
              >
                <FormattedMessage id="license.subscribeTo" defaultMessage="Subscribe to {plan}" values={{ plan: plan.name }} />
              </Button>
            ) : null}
          </Stack>
        ))}
        <WhatsAppButton phone={supportPhone} text={contactText} variant="subtle" size="xs" onClick={dismiss}>
          <FormattedMessage id="license.contact" defaultMessage="Questions? Contact us" />
        </WhatsAppButton>
      </Stack>
    </Paper>
  );
}
