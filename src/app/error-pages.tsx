import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { localeParam } from '~/lib/locale';
import { useLocale } from '~/lib/use-locale';
import { isChunkLoadError, reloadAfterChunkError } from '~/lib/version';

function ErrorLayout({ code, title, detail }: { code: string; title: string; detail: React.ReactNode }) {
  const locale = useLocale();
  useEffect(() => {
    document.title = `${title} · Cita`;
  }, [title]);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" ta="center">
        <Text fz={64} fw={800} c="green" aria-hidden>
          {code}
        </Text>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{detail}</Text>
        <Button renderRoot={(props) => <Link {...props} to="/{-$locale}" params={{ locale: localeParam(locale) }} />} mt="md">
          <FormattedMessage id="errors.backHome" defaultMessage="Back to home" />
        </Button>
      </Stack>
    </Center>
  );
}

/** SPEC §2: status 404 shows the not-found page, default title 'Page Not Found'. */
export function NotFoundPage() {
  const intl = useIntl();
  return (
    <ErrorLayout
      code="404"
      title={intl.formatMessage({ id: 'errors.notFound.title', defaultMessage: 'Page Not Found' })}
      detail={<FormattedMessage id="errors.notFound.detail" defaultMessage="The page you are looking for does not exist or has moved." />}
    />
  );
}

/** SPEC §2: any other error shows the generic server-error page, default title 'Internal Server Error'. */
export function ServerErrorPage({ error }: Partial<ErrorComponentProps>) {
  const intl = useIntl();
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError();
    else if (error) console.error(error);
  }, [error]);
  return (
    <ErrorLayout
      code="500"
      title={intl.formatMessage({ id: 'errors.server.title', defaultMessage: 'Internal Server Error' })}
      detail={<FormattedMessage id="errors.server.detail" defaultMessage="Something went wrong on our side. Please try again in a moment." />}
    />
  );
}
