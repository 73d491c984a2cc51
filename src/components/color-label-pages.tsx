import { Alert, Anchor, Button, ColorSwatch, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useLocale } from '~/app/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import {
  ColorLabelFormFields,
  type ColorLabelForm,
  type ColorLabelFormInput,
  type ColorLabelFormValues,
  type ColorLabelKind,
} from '~/components/color-label-form';
import { ConfirmDeleteModal } from '~/components/confirm-delete-modal';
import { PageLoader } from '~/components/page-loader';
import { PausedNotice } from '~/components/paused-notice';
import { StaleVersionAlert } from '~/components/stale-version-alert';
import { isStaleVersion } from '~/lib/api-problem';
import { localeParam } from '~/lib/locale';

/**
 * The create and edit pages of a coloured label (customer tags, appointment distinctions): the
 * back link, the title, the role check, the form with its errors, "changed by someone else" with a
 * reload, and the delete confirmation. The feature brings its API calls and texts.
 */

export interface ColorLabelTexts {
  forbidden: MessageDescriptor;
  readOnly: MessageDescriptor;
  staleTitle: MessageDescriptor;
  staleMessage: MessageDescriptor;
  staleReload: MessageDescriptor;
}

interface Common {
  kind: ColorLabelKind;
  texts: ColorLabelTexts;
  /** The list page, and the back link's text. */
  listTo: NonNullable<LinkProps['to']>;
  backLabel: ReactNode;
  canManage: boolean | undefined;
  submitLabel: ReactNode;
  /** The mutation is waiting for the network (PausedNotice). */
  paused: boolean;
  /** A save's field errors put next to their fields; true when there were any. */
  applyServerErrors: (error: unknown, form: ColorLabelForm) => boolean;
}

function BackLink({ to, children }: { to: NonNullable<LinkProps['to']>; children: ReactNode }) {
  const locale = useLocale();
  return (
    <Anchor size="sm" renderRoot={(props) => <Link {...props} to={to} params={{ locale: localeParam(locale) }} />}>
      {children}
    </Anchor>
  );
}

/** /…/create: the form for owners and administrators, the reason for the others. */
export function ColorLabelCreatePage({
  kind,
  texts,
  listTo,
  backLabel,
  title,
  canManage,
  submitLabel,
  paused,
  applyServerErrors,
  defaultValues,
  create,
}: Common & {
  title: ReactNode;
  defaultValues: ColorLabelFormInput;
  /** Saves, then goes on (notification, navigation). */
  create: (values: ColorLabelFormValues, form: ColorLabelForm) => Promise<void>;
}) {
  const intl = useIntl();
  const [error, setError] = useState<unknown>(null);
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <BackLink to={listTo}>{backLabel}</BackLink>
        <Title order={1}>{title}</Title>
      </Stack>
      {canManage === undefined ? <PageLoader /> : null}
      {canManage === false ? (
        <Alert color="orange" variant="light" role="alert">
          {intl.formatMessage(texts.forbidden)}
        </Alert>
      ) : null}
      {canManage ? (
        <ColorLabelFormFields
          kind={kind}
          defaultValues={defaultValues}
          submitLabel={submitLabel}
          alert={
            <>
              <ApiErrorAlert error={error} messages={{ forbidden: intl.formatMessage(texts.forbidden) }} />
              <PausedNotice paused={paused} />
            </>
          }
          onSubmit={async (values, form) => {
            setError(null);
            try {
              await create(values, form);
            } catch (failure) {
              if (!applyServerErrors(failure, form)) setError(failure);
            }
          }}
        />
      ) : null}
    </Stack>
  );
}

/** /…/{id}: a label to rename, recolour or delete. */
export function ColorLabelEditPage({
  kind,
  texts,
  listTo,
  backLabel,
  canManage,
  submitLabel,
  paused,
  applyServerErrors,
  label,
  subtitle,
  deleteLabel,
  save,
  reload,
  remove,
  formValues,
}: Common & {
  /** The label as stored. */
  label: { name: string; color: string };
  subtitle?: ReactNode;
  deleteLabel: ReactNode;
  /** Saves and answers the form's new values (409 stale_version: the reload alert). */
  save: (values: ColorLabelFormValues) => Promise<ColorLabelFormInput>;
  reload: () => Promise<unknown>;
  remove: { title: string; confirmLabel: ReactNode; message: ReactNode; error: unknown; pending: boolean; onConfirm: () => void };
  /** The stored label as form values. */
  formValues: ColorLabelFormInput;
}) {
  const intl = useIntl();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [stale, setStale] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const reloadLabel = async () => {
    await reload();
    setStale(false);
    setError(null);
    setFormKey((key) => key + 1);
  };

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <BackLink to={listTo}>{backLabel}</BackLink>
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <ColorSwatch color={label.color} size={20} />
            <Title order={1}>{label.name}</Title>
          </Group>
          {canManage ? (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirmDelete(true)}>
              {deleteLabel}
            </Button>
          ) : null}
        </Group>
        {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
      </Stack>
      {canManage === false ? (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(texts.readOnly)}
        </Text>
      ) : null}

      <ColorLabelFormFields
        key={formKey}
        kind={kind}
        readOnly={canManage !== true}
        defaultValues={formValues}
        submitLabel={submitLabel}
        alert={
          <>
            {stale ? (
              <StaleVersionAlert
                title={intl.formatMessage(texts.staleTitle)}
                message={intl.formatMessage(texts.staleMessage)}
                reloadLabel={intl.formatMessage(texts.staleReload)}
                onReload={() => void reloadLabel()}
              />
            ) : (
              <ApiErrorAlert error={error} messages={{ forbidden: intl.formatMessage(texts.forbidden) }} />
            )}
            <PausedNotice paused={paused} />
          </>
        }
        onSubmit={async (values, form) => {
          setError(null);
          setStale(false);
          try {
            form.reset(await save(values));
          } catch (failure) {
            if (isStaleVersion(failure)) setStale(true);
            else if (!applyServerErrors(failure, form)) setError(failure);
          }
        }}
      />

      <ConfirmDeleteModal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={remove.title}
        error={remove.error}
        errorMessages={{ forbidden: intl.formatMessage(texts.forbidden) }}
        pending={remove.pending}
        onConfirm={remove.onConfirm}
        confirmLabel={remove.confirmLabel}
      >
        {remove.message}
      </ConfirmDeleteModal>
    </Stack>
  );
}
