import { Anchor, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { getConfigurationOptions } from '@generated/@tanstack/react-query.gen';
import { EmptyState } from '~/components/empty-state';
import { QueryState } from '~/components/query-state';
import { WhatsAppButton } from '~/components/whatsapp-button';
import { normalizePhoneDigits } from '~/lib/phone';

/**
 * /support: how to reach support (the configuration's e-mail and phone, and a WhatsApp chat), with a
 * short note on what to include. `businessName` names the business in the prefilled messages.
 */
export function SupportPage({ businessName }: { businessName?: string | null }) {
  const intl = useIntl();
  const configuration = useQuery(getConfigurationOptions());
  const subject = intl.formatMessage({ id: 'support.email.subject', defaultMessage: 'Help with Cita' });
  const chatText = businessName
    ? intl.formatMessage(
        { id: 'support.whatsapp.textBusiness', defaultMessage: 'Hello, I need help with Cita for my business {businessName}.' },
        { businessName },
      )
    : intl.formatMessage({ id: 'support.whatsapp.text', defaultMessage: 'Hello, I need help with Cita.' });

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1}>
          <FormattedMessage id="support.title" defaultMessage="Support" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="support.intro" defaultMessage="Something not working, or not sure how to do something? We are here to help." />
        </Text>
      </Stack>

      <QueryState
        query={configuration}
        errorTitle={<FormattedMessage id="support.error" defaultMessage="The support contacts could not be loaded" />}
        keepData
      >
        {({ configuration: config }) => {
          const phoneDigits = normalizePhoneDigits(config.supportPhone);
          const phoneText = `+${phoneDigits}`;
          return (
            <>
              {!config.supportEmail && !phoneDigits ? (
                <EmptyState
                  title={<FormattedMessage id="support.empty.title" defaultMessage="No support contacts yet" />}
                  description={<FormattedMessage id="support.empty.description" defaultMessage="Please try again later." />}
                />
              ) : null}

              {config.supportEmail || phoneDigits ? (
                <>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    {config.supportEmail ? (
                      <Card withBorder radius="lg" padding="lg">
                        <Group gap="md" wrap="nowrap" align="flex-start">
                          <ThemeIcon size={40} radius="xl" variant="light">
                            <IconMail size={22} aria-hidden />
                          </ThemeIcon>
                          <Stack gap={2}>
                            <Title order={2} size="h5">
                              <FormattedMessage id="support.email.title" defaultMessage="E-mail" />
                            </Title>
                            <Anchor href={`mailto:${config.supportEmail}?subject=${encodeURIComponent(subject)}`} data-testid="support-email">
                              {config.supportEmail}
                            </Anchor>
                            <Text size="sm" c="dimmed">
                              <FormattedMessage id="support.email.note" defaultMessage="Best for detailed questions and screenshots." />
                            </Text>
                          </Stack>
                        </Group>
                      </Card>
                    ) : null}
                    {phoneDigits ? (
                      <Card withBorder radius="lg" padding="lg">
                        <Group gap="md" wrap="nowrap" align="flex-start">
                          <ThemeIcon size={40} radius="xl" variant="light">
                            <IconPhone size={22} aria-hidden />
                          </ThemeIcon>
                          <Stack gap={6}>
                            <Title order={2} size="h5">
                              <FormattedMessage id="support.phone.title" defaultMessage="Phone and WhatsApp" />
                            </Title>
                            <Anchor href={`tel:${phoneText}`} data-testid="support-phone">
                              {phoneText}
                            </Anchor>
                            <WhatsAppButton phone={config.supportPhone} text={chatText} size="sm" />
                          </Stack>
                        </Group>
                      </Card>
                    ) : null}
                  </SimpleGrid>

                  <Card withBorder radius="lg" padding="lg">
                    <Title order={2} size="h5" mb="xs">
                      <FormattedMessage id="support.tips.title" defaultMessage="To help us help you quickly" />
                    </Title>
                    <List size="sm" spacing={4}>
                      <List.Item>
                        <FormattedMessage id="support.tips.what" defaultMessage="Tell us what you were trying to do and what happened instead." />
                      </List.Item>
                      <List.Item>
                        <FormattedMessage id="support.tips.where" defaultMessage="Include the page you were on and, if you can, a screenshot." />
                      </List.Item>
                      <List.Item>
                        <FormattedMessage id="support.tips.who" defaultMessage="Write from the e-mail address you sign in with, so we can find your business." />
                      </List.Item>
                    </List>
                  </Card>
                </>
              ) : null}
            </>
          );
        }}
      </QueryState>
    </Stack>
  );
}
