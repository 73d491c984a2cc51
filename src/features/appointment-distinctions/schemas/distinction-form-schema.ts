import { zAppointmentDistinctionInput } from '@generated/zod.gen';
import type { AppointmentDistinction, AppointmentDistinctionInput, AppointmentDistinctionUpdate } from '@generated/types.gen';
import { colorLabelFormFrom, colorLabelFormSchema, colorLabelInput, type ColorLabelFormInput, type ColorLabelFormValues } from '~/components/color-label-form';
import type { FieldIssueMessages } from '~/lib/form-issues';
import { distinctionMessages } from '../messages';

/**
 * The distinction form (/appointments-distinctions/create and /appointments-distinctions/{id}): a
 * coloured label (src/components/color-label-form) whose name the API calls `distinction`.
 */

export const distinctionFormSchema = colorLabelFormSchema(zAppointmentDistinctionInput.shape.distinction);

export type DistinctionFormInput = ColorLabelFormInput;
export type DistinctionFormValues = ColorLabelFormValues;

export const distinctionIssueMessages: FieldIssueMessages = {
  name: { required: distinctionMessages.nameRequired },
  color: { '*': distinctionMessages.colorInvalid },
};

export const newDistinctionForm = (): DistinctionFormInput => ({ name: '', color: '#fab005', description: '' });

export const distinctionFormFrom = (distinction: AppointmentDistinction): DistinctionFormInput =>
  colorLabelFormFrom({ ...distinction, name: distinction.distinction });

export function toDistinctionInput(values: DistinctionFormValues): AppointmentDistinctionInput {
  const { name, ...rest } = colorLabelInput(values);
  return { distinction: name, ...rest };
}

export function toDistinctionUpdate(values: DistinctionFormValues, version: number): AppointmentDistinctionUpdate {
  return { ...toDistinctionInput(values), version };
}
