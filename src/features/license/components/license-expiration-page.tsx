import { Alert, Anchor, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconClockExclamation, IconExternalLink, IconLifebuoy } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Tenant } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { QueryState } from '~/components/query-state';
import { WhatsAppButton } from '~/components/whatsapp-button';
import { isLicenseActive } from '~/lib/license';
import { licenseEndDate } from '~/lib/license-dates';
import { localeParam } from '~/lib/locale';
import { formatDateLong, nowInstant } from '~/lib/temporal';
import { useSubscriptionOffer } from '../hooks/use-subscription-offer';
import { PLAN_FEATURES } from '../plan-features';
import { PlanPriceText } from './plan-price-text';

export type LicenseTenant = Pick<Tenant, 'email' | 'businessName' | 'licenseStatus' | 'licenseActiveUntil'> & Partial<Pick<Tenant, 'currency'>>;

/**
 * /license-expiration (SPEC §2 guard 4): the licence has ended. The plans of the configuration with
 * their prices and what each offers (src/features/license/plan-features.ts, in the page's language), a Subscribe button per plan (the payment link in a new tab, prefilled with the
 * business e-mail, language and currency) and a Contact button (a chat with a text naming the business).
 */
export function LicenseExpirationPage({ tenant }: { tenant: LicenseTenant | null | undefined }) {
  const intl = useIntl();
  const locale = useLocale();
  const { configuration, plans, trialPeriodDays, supportPhone, contactText } = useSubscriptionOffer(tenant);
  const active = isLicenseActive(tenant, nowInstant());
  const endDate = licenseEndDate(tenant);
  const endText = endDate ? formatDateLong(endDate, intl.locale) : null;

  return (
    <Stack gap="lg" maw={880}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={48} radius="xl" color={active ? 'green' : 'orange'} variant="light">
          <IconClockExclamation size={28} aria-hidden />
        </ThemeIcon>
        <Stack gap={4}>
          <Title order={1} size="h2">
            {active ? (
              <FormattedMessage id="license.active.title" defaultMessage="Your licence is active" />
            ) : (
              <FormattedMessage id="license.expired.title" defaultMessage="Your licence has ended" />
            )}
          </Title>
          <Text c="dimmed">
            {active && endText ? (
              <FormattedMessage id="license.active.until" defaultMessage="You can use Cita until {date}." values={{ date: endText }} />
            ) : null}
            {!active && endText ? (
              <FormattedMessage
                id="license.expired.on"
                defaultMessage="It ended on {date}. Choose a plan to keep using Cita; your data is safe and waiting for you."
                values={{ date: endText }}
              />
            ) : null}
            {!active && !endText ? (
              <FormattedMessage
                id="license.expired.noDate"
                defaultMessage="Choose a plan to keep using Cita; your data is safe and waiting for you."
              />
            ) : null}
          </Text>
        </Stack>
      </Group>

      {active ? (
        <Group>
          <Button renderRoot={(props) => <Link {...props} to="/{-$locale}" params={{ locale: localeParam(locale) }} />}>
            <FormattedMessage id="license.active.home" defaultMessage="Go to home" />
          </Button>
        </Group>
      ) : null}

      <QueryState
        query={configuration}
        loaderHeight={200}
        errorTitle={<FormattedMessage id="license.plans.error" defaultMessage="The plans could not be loaded" />}
        keepData
      >
        {() => (
          <>
            {plans.length > 0 ? (
              <Stack gap="sm">
                <Title order={2} size="h4">
                  <FormattedMessage id="license.plans.title" defaultMessage="Plans" />
                </Title>
                {trialPeriodDays ? (
                  <Text size="sm" c="dimmed">
                    <FormattedMessage
                      id="license.plans.trial"
                      defaultMessage="Every plan starts with {days, plural, one {# free day} other {# free days}}. Cancel anytime."
                      values={{ days: trialPeriodDays }}
                    />
                  </Text>
                ) : null}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  {plans.map(({ key, plan, price, url }) => (
                    <Card key={key} withBorder radius="lg" padding="lg" data-testid={`plan-${key}`}>
                      <Stack gap="sm" h="100%">
                        <Group justify="space-between">
                          <Title order={3} size="h4">
                            {plan.name}
                          </Title>
                          {key === 'premium' ? (
                            <Badge variant="light">
                              <FormattedMessage id="license.plans.complete" defaultMessage="Most complete" />
                            </Badge>
                          ) : null}
                        </Group>
                        <Text fz="xl" fw={800}>
                          <PlanPriceText price={price} interval={plan.interval} />
                        </Text>
                        <List
                          spacing={4}
                          size="sm"
                          icon={
                            <ThemeIcon size={18} radius="xl" variant="light">
                              <IconCheck size={12} aria-hidden />
                            </ThemeIcon>
                          }
                          style={{ flex: 1 }}
                        >
                          {PLAN_FEATURES[key].map((feature) => (
                            <List.Item key={feature.id}>{intl.formatMessage(feature)}</List.Item>
                          ))}
                        </List>
                        {url ? (
                          <Button
                            component="a"
                            href={url}
                            target="_blank"
                            rel="noopener noreferrer"
                            fullWidth
                            variant={key === 'premium' ? 'filled' : 'light'}
                            rightSection={<IconExternalLink size={16} aria-hidden />}
                          >
                            <FormattedMessage id="license.subscribeTo" defaultMessage="Subscribe to {plan}" values={{ plan: plan.name }} />
                          </Button>
                        ) : (
                          <Text size="sm" c="dimmed">
                            <FormattedMessage id="license.plans.noLink" defaultMessage="Online payment is not available; contact us to subscribe." />
                          </Text>
                        )}
                      </Stack>
                    </Card>
                  ))}
                </SimpleGrid>
              </Stack>
            ) : null}

            <Alert variant="light" color="gray" icon={<IconLifebuoy size={20} aria-hidden />}>
              <Stack gap="xs">
                <Text size="sm">
                  <FormattedMessage
                    id="license.contact.intro"
                    defaultMessage="Not sure which plan fits, or prefer to pay another way? Write to us."
                  />
                </Text>
                <Group gap="sm">
                  <WhatsAppButton phone={supportPhone} text={contactText} size="sm" />
                  {/* A link, not a button: its words wrap on a phone instead of running out of the box. */}
                  <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/{-$locale}/support" params={{ locale: localeParam(locale) }} />}>
                    <FormattedMessage id="license.contact.support" defaultMessage="Other ways to reach support" />
                  </Anchor>
                </Group>
              </Stack>
            </Alert>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
