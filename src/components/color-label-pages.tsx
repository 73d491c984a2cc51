import { ColorSwatch, Stack, Text } from '@mantine/core';
import type { LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { AnchorLink } from '~/components/anchor-link';
import {
  ColorLabelFormFields,
  type ColorLabelForm,
  type ColorLabelFormInput,
  type ColorLabelFormValues,
  type ColorLabelKind,
} from '~/components/color-label-form';
import { PageHeader } from '~/components/page-header';
import { RecordEditorHeader, type RecordEditor } from '~/components/record-editor';
import { RoleGate } from '~/components/role-gate';
import { SaveAlert } from '~/components/save-alert';
import { useSaveState } from '~/lib/use-save-state';

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
  problemCodes,
}: Common & {
  title: ReactNode;
  /** Texts for a refused create by its problem code (e.g. 422 `too_many_tags`). */
  problemCodes?: Record<string, ReactNode>;
  defaultValues: ColorLabelFormInput;
  /** Saves, then goes on (notification, navigation). */
  create: (values: ColorLabelFormValues, form: ColorLabelForm) => Promise<void>;
}) {
  const saving = useSaveState<ColorLabelForm>({ applyServerErrors });
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader
        back={
          <AnchorLink size="sm" to={listTo}>
            {backLabel}
          </AnchorLink>
        }
        title={title}
      />
      <RoleGate allowed={canManage} message={texts.forbidden}>
        <ColorLabelFormFields
          kind={kind}
          defaultValues={defaultValues}
          submitLabel={submitLabel}
          alert={<SaveAlert state={saving} texts={{ forbidden: texts.forbidden, ...(problemCodes ? { problemCodes } : {}) }} paused={paused} />}
          onSubmit={saving.submit(create)}
        />
      </RoleGate>
    </Stack>
  );
}

/** /…/{id}: a label to rename, recolour or delete (the feature's useRecordEditor saves and deletes it). */
export function ColorLabelEditPage({
  kind,
  texts,
  listTo,
  backLabel,
  canManage,
  submitLabel,
  label,
  subtitle,
  deleteLabel,
  remove,
  formValues,
  editor,
  onSubmit,
}: Omit<Common, 'paused' | 'applyServerErrors'> & {
  /** The label as stored. */
  label: { name: string; color: string };
  subtitle?: ReactNode;
  deleteLabel: ReactNode;
  remove: { title: string; confirmLabel: ReactNode; message: ReactNode };
  /** The stored label as form values. */
  formValues: ColorLabelFormInput;
  editor: Pick<RecordEditor<never, never, ColorLabelForm>, 'save' | 'paused' | 'remove'>;
  /** editor.submit(…): saves with the label's version (409 stale_version: the reload alert). */
  onSubmit: (values: ColorLabelFormValues, form: ColorLabelForm) => Promise<void>;
}) {
  return (
    <Stack gap="lg" maw={720}>
      <RecordEditorHeader
        editor={editor}
        listTo={listTo}
        backLabel={backLabel}
        before={<ColorSwatch color={label.color} size={20} />}
        title={label.name}
        subtitle={subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
        canManage={canManage}
        texts={texts}
        remove={{ label: deleteLabel, ...remove }}
      />

      <ColorLabelFormFields
        key={editor.save.formKey}
        kind={kind}
        readOnly={canManage !== true}
        defaultValues={formValues}
        submitLabel={submitLabel}
        alert={<SaveAlert state={editor.save} texts={texts} paused={editor.paused} />}
        onSubmit={onSubmit}
      />
    </Stack>
  );
}
