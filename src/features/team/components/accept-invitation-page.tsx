import { Button, Card, Center, Container, Stack, Text, Title } from '@mantine/core';
import { IconMailCheck, IconMailOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { acceptInvitationOptions } from '@generated/@tanstack/react-query.gen';
import { refreshSession, setSession, useSession } from '~/entities/session/use-session';
import { LoadError } from '~/components/load-error';
import { PageLoader } from '~/components/page-loader';
import { localeParam } from '~/lib/locale';
import { useLocale } from '~/lib/use-locale';
import { acceptRefusal, isOtherAccount, type AcceptRefusal } from '../accept-outcome';
import { acceptMessages } from '../messages';

const LOGOUT_HREF = '/logout.html';

function Frame({ title, children, ok = false }: { title: ReactNode; children: ReactNode; ok?: boolean }) {
  return (
    <Container size={520} py={64}>
      <Card withBorder padding="xl" radius="md">
        <Stack gap="md" align="center" ta="center">
          {ok ? <IconMailCheck size={40} aria-hidden /> : <IconMailOff size={40} aria-hidden />}
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Card>
    </Container>
  );
}

/**
 * /invitations/{id}?email=…: the link of an invitation e-mail. Signed in (the token guard sent anyone
 * else to sign in or register first, and back here), it accepts the invitation and lands in the
 * business; a wrong account, an expired, withdrawn or used invitation and an unconfirmed address each
 * get their own page.
 */
export function AcceptInvitationPage({ invitationId, invitedEmail }: { invitationId: string; invitedEmail?: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { userId, userEmail } = useSession();
  const otherAccount = isOtherAccount(invitedEmail, userEmail);
  const accept = useQuery({
    ...acceptInvitationOptions({ path: { userId: userId ?? '', invitationId } }),
    enabled: Boolean(userId) && !otherAccount,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  useEffect(() => {
    if (!accept.data) return;
    const tenant = accept.data.tenant;
    void (async () => {
      // The user may have been new: read their status again, then open the business just joined.
      await refreshSession(queryClient).catch(() => undefined);
      setSession({ tenant });
      await navigate({ to: '/{-$locale}/appointments', params: { locale: localeParam(locale) }, replace: true });
    })();
  }, [accept.data, locale, navigate, queryClient]);

  const signOut = (
    <Button component="a" href={LOGOUT_HREF} variant="light">
      {intl.formatMessage(acceptMessages.signOut)}
    </Button>
  );
  const home = (
    <Button variant="light" renderRoot={(props) => <Link {...props} to="/{-$locale}" params={{ locale: localeParam(locale) }} />}>
      {intl.formatMessage(acceptMessages.home)}
    </Button>
  );
  const current = userEmail ?? '';

  const refusal: AcceptRefusal | null = otherAccount ? 'wrong-account' : acceptRefusal(accept.error);
  switch (refusal) {
    case 'wrong-account':
      return (
        <Frame title={intl.formatMessage(acceptMessages.wrongAccountTitle)}>
          <Text>
            {invitedEmail
              ? intl.formatMessage(acceptMessages.wrongAccountText, { invited: invitedEmail, current })
              : intl.formatMessage(acceptMessages.wrongAccountUnknown, { current })}
          </Text>
          {signOut}
        </Frame>
      );
    case 'unverified':
      return (
        <Frame title={intl.formatMessage(acceptMessages.unverifiedTitle)}>
          <Text>{intl.formatMessage(acceptMessages.unverifiedText, { current })}</Text>
          {home}
        </Frame>
      );
    case 'expired':
      return (
        <Frame title={intl.formatMessage(acceptMessages.expiredTitle)}>
          <Text>{intl.formatMessage(acceptMessages.expiredText)}</Text>
          {home}
        </Frame>
      );
    case 'revoked':
      return (
        <Frame title={intl.formatMessage(acceptMessages.revokedTitle)}>
          <Text>{intl.formatMessage(acceptMessages.revokedText)}</Text>
          {home}
        </Frame>
      );
    case 'used':
      return (
        <Frame title={intl.formatMessage(acceptMessages.usedTitle)}>
          <Text>{intl.formatMessage(acceptMessages.usedText)}</Text>
          {home}
        </Frame>
      );
    default:
      break;
  }
  if (accept.isError) {
    return (
      <Container size={520} py={64}>
        <LoadError onRetry={() => void accept.refetch()} retrying={accept.isFetching} />
      </Container>
    );
  }
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm">
        <PageLoader />
        <Text role="status">{intl.formatMessage(acceptMessages.joining)}</Text>
      </Stack>
    </Center>
  );
}
