import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Brand } from '~/components/brand';
import { useLocale } from '~/lib/use-locale';
import { useSwitchLocale } from '~/lib/use-switch-locale';
import { LocaleDropdown } from '~/components/locale-dropdown';

/** The auth screens' frame (no layout, SPEC §2): a centred card with the brand and the language menu. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  useEffect(() => {
    document.title = `${title} · Cita`;
  }, [title]);
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack w="100%" maw={420} gap="md">
        <Group justify="space-between">
          <Brand />
          <LocaleDropdown value={locale} onChange={switchLocale} />
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="lg">
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1} size="h2">
                {title}
              </Title>
              {subtitle ? (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer ? (
          <Text ta="center" size="sm">
            {footer}
          </Text>
        ) : null}
      </Stack>
    </Center>
  );
}
