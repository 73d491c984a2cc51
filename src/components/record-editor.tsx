import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient, type QueryKey, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import { useNavigate, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { localeParam } from '~/lib/locale';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { useLocale } from '~/lib/use-locale';
import { useSaveState, type SaveState } from '~/lib/use-save-state';
import { AnchorLink } from './anchor-link';
import { DeleteButton, useAfterDelete } from './delete-button';
import { PageHeader } from './page-header';
import { QueryState } from './query-state';
import { ReadOnlyNote } from './read-only-note';

/**
 * The record kit of the create and edit pages (payment methods, services, inventory, customer tags,
 * appointment distinctions): useRecordCreator creates a record (once, with an Idempotency-Key),
 * refreshes the list, tells the user and goes on; RecordQuery loads a record, useRecordEditor saves it
 * with its version (a 409 stale_version shows the reload alert), puts the answer in the cache,
 * refreshes the list, tells the user and deletes it; RecordEditorHeader is the edit page's head with
 * its delete confirmation.
 */

export interface RecordCreatorConfig<TResponse, TCreate extends { path: unknown; body?: unknown }, TError> {
  /** Where the record is created ({ tenantId }). */
  path: TCreate['path'];
  /** The generated create*Mutation(). */
  create: UseMutationOptions<TResponse, TError, TCreate>;
  /** The list it goes into (list*QueryKey({ path: { tenantId } })): refreshed after the create. */
  listKey: QueryKey;
  /** After the create, instead of refreshing the list (e.g. the services also refresh the session's business). */
  afterSave?: (response: TResponse) => Promise<void>;
  /** The new record's name, for the notice. */
  name: (response: TResponse) => string;
  /** The notice's title. */
  texts: { created: MessageDescriptor };
  /** Where to go next: the list, or the new record's page (the locale is added). */
  next: (response: TResponse) => { to: NonNullable<LinkProps['to']>; params?: Record<string, string> };
}

export interface RecordCreator<TBody> {
  /** The create waits for the network (SaveAlert's `paused`). */
  paused: boolean;
  /**
   * The save of a create form (inside useSaveState's submit): sends `toBody(values)` with the
   * submission's Idempotency-Key, resets the form to what was sent, refreshes the list, says it was
   * created and goes on.
   */
  submit: <TValues>(toBody: (values: TValues) => TBody) => (values: TValues, form: { reset(values: TValues): void }) => Promise<void>;
}

export function useRecordCreator<TResponse, TCreate extends { path: unknown; body?: unknown }, TError>(
  config: RecordCreatorConfig<TResponse, TCreate, TError>,
): RecordCreator<TCreate['body']> {
  const { path, listKey, afterSave, name, texts, next } = config;
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const create = useMutation(config.create);
  return {
    paused: create.isPaused,
    submit: (toBody) => async (values, form) => {
      const response = await create.mutateAsync({ path, body: toBody(values), headers: { 'Idempotency-Key': idempotency.key() } } as unknown as TCreate);
      idempotency.renew();
      form.reset(values);
      if (afterSave) await afterSave(response);
      else await queryClient.invalidateQueries({ queryKey: listKey });
      notifications.show({ color: 'green', title: intl.formatMessage(texts.created), message: name(response) });
      const { to, params } = next(response);
      await navigate({ to, params: { ...params, locale: localeParam(locale) } });
    },
  };
}

/** Loads a record with the generated *Options() (loading and failure: QueryState); `reload` refetches it. */
export function RecordQuery<TData, TError, TKey extends QueryKey>({
  options,
  children,
}: {
  options: UseQueryOptions<TData, TError, TData, TKey>;
  children: (data: TData, reload: () => Promise<unknown>) => ReactNode;
}) {
  const query = useQuery(options);
  return <QueryState query={query}>{(data) => children(data, () => query.refetch())}</QueryState>;
}

export interface RecordEditorConfig<TResponse, TUpdate extends { path: unknown; body?: unknown }, TDelete extends { path: unknown }, TForm, TError, TDeleted, TDeleteError> {
  /** The record's address ({ tenantId, id, … }), for the update and the delete. */
  path: TUpdate['path'] & TDelete['path'];
  /** The record's own query (get*QueryKey): the save's answer replaces it, a delete forgets it. */
  recordKey: QueryKey;
  /** The list it is in (list*QueryKey({ path: { tenantId } })): refreshed after a save and a delete. */
  listKey: QueryKey;
  /** The list page, where a delete goes back to. */
  listTo: NonNullable<LinkProps['to']>;
  /** The generated update*Mutation() and delete*Mutation(). */
  update: UseMutationOptions<TResponse, TError, TUpdate>;
  remove: UseMutationOptions<TDeleted, TDeleteError, TDelete>;
  /** Refetches the record (RecordQuery's reload): the stale alert's button. */
  reload: () => Promise<unknown>;
  /** A save's field errors put next to their fields; true when there were any. */
  applyServerErrors: (error: unknown, form: TForm) => boolean;
  /** The record's name, for the notices ("… saved", "… deleted"). */
  name: (response: TResponse) => string;
  /** The record as loaded (the delete notice names it). */
  current: TResponse;
  /** The notices' titles. */
  texts: { saved: MessageDescriptor; deleted: MessageDescriptor };
  /** After a save, instead of refreshing the list (e.g. the services also refresh the session's business). */
  afterSave?: (response: TResponse) => Promise<void>;
}

export interface RecordEditor<TResponse, TBody, TForm> {
  /** The form's failures (SaveAlert), its key (a reload starts it again) and its submit wrapper. */
  save: SaveState<TForm>;
  /** The save waits for the network (SaveAlert's `paused`). */
  paused: boolean;
  /**
   * The form's onSubmit: sends `toBody(values)` (which carries the record's version), puts the answer
   * in the cache, refreshes the list, resets the form to `formFrom(answer)` and says it was saved.
   */
  submit: <TValues, TInput>(
    toBody: (values: TValues) => TBody,
    formFrom: (response: TResponse) => TInput,
  ) => (values: TValues, form: TForm & { reset: (values: TInput) => void }) => Promise<void>;
  /** The delete: its failure, whether it runs, and the confirmation's action. */
  remove: { error: unknown; pending: boolean; confirm: () => void };
}

export function useRecordEditor<TResponse, TUpdate extends { path: unknown; body?: unknown }, TDelete extends { path: unknown }, TForm, TError, TDeleted, TDeleteError>(
  config: RecordEditorConfig<TResponse, TUpdate, TDelete, TForm, TError, TDeleted, TDeleteError>,
): RecordEditor<TResponse, TUpdate['body'], TForm> {
  const { path, recordKey, listKey, listTo, reload, applyServerErrors, name, current, texts, afterSave } = config;
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const afterDelete = useAfterDelete();
  const update = useMutation(config.update);
  const remove = useMutation(config.remove);
  const save = useSaveState<TForm>({ reload, applyServerErrors });
  return {
    save,
    paused: update.isPaused,
    submit: (toBody, formFrom) =>
      save.submit(async (values, form) => {
        const response = await update.mutateAsync({ path, body: toBody(values) } as TUpdate);
        queryClient.setQueryData(recordKey, response);
        (form as TForm & { reset: (values: ReturnType<typeof formFrom>) => void }).reset(formFrom(response));
        if (afterSave) await afterSave(response);
        else await queryClient.invalidateQueries({ queryKey: listKey });
        notifications.show({ color: 'green', title: intl.formatMessage(texts.saved), message: name(response) });
      }),
    remove: {
      error: remove.error,
      pending: remove.isPending,
      confirm: () =>
        remove.mutate({ path } as TDelete, {
          onSuccess: () =>
            afterDelete({
              record: recordKey,
              list: listKey,
              notice: { title: intl.formatMessage(texts.deleted), message: name(current) },
              back: () => navigate({ to: listTo, params: { locale: localeParam(locale) } }),
            }),
        }),
    },
  };
}

/**
 * The head of an edit page: the back link to the list, the title (what stands before it, its badges,
 * a line under it), the delete button with its confirmation (`canDelete`), and the read-only note for
 * a member (`canManage === false`).
 */
export function RecordEditorHeader({
  editor,
  listTo,
  backLabel,
  title,
  before,
  badges,
  subtitle,
  canManage,
  canDelete = canManage === true,
  texts,
  remove,
}: {
  editor: Pick<RecordEditor<never, never, never>, 'remove'>;
  listTo: NonNullable<LinkProps['to']>;
  backLabel: ReactNode;
  title: ReactNode;
  before?: ReactNode;
  badges?: ReactNode;
  subtitle?: ReactNode;
  canManage: boolean | undefined;
  canDelete?: boolean;
  texts: { forbidden: MessageDescriptor; readOnly: MessageDescriptor };
  /** The delete button's label, the confirmation's title, button and what deleting does. */
  remove: { label: ReactNode; title: string; confirmLabel: ReactNode; message: ReactNode };
}) {
  const intl = useIntl();
  return (
    <>
      <PageHeader
        back={
          <AnchorLink size="sm" to={listTo}>
            {backLabel}
          </AnchorLink>
        }
        before={before}
        title={title}
        badges={badges}
        subtitle={subtitle}
        actions={
          canDelete ? (
            <DeleteButton
              label={remove.label}
              title={remove.title}
              error={editor.remove.error}
              errorMessages={{ forbidden: intl.formatMessage(texts.forbidden) }}
              pending={editor.remove.pending}
              onConfirm={editor.remove.confirm}
              confirmLabel={remove.confirmLabel}
            >
              {remove.message}
            </DeleteButton>
          ) : null
        }
      />
      <ReadOnlyNote show={canManage === false} message={texts.readOnly} />
    </>
  );
}
