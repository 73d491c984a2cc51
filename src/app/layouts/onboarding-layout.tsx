import { Container, Group, Paper } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { LocaleDropdown } from '~/components/locale-dropdown';
import { useLocale } from '~/lib/use-locale';
import { useSwitchLocale } from '~/lib/use-switch-locale';
import { Brand } from '~/components/brand';

/** SPEC §2: the 'onboarding' layout: a focused page with no sidebar. */
export function OnboardingLayout() {
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  return (
    <Container size="sm" py="lg">
      <Group justify="space-between" mb="lg">
        <Brand />
        <LocaleDropdown value={locale} onChange={switchLocale} />
      </Group>
      <Paper withBorder shadow="sm" p="xl" radius="lg">
        <Outlet />
      </Paper>
    </Container>
  );
}
