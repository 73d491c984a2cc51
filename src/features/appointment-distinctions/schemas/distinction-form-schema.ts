import * as z from 'zod';
import { zAppointmentDistinctionInput } from '@generated/zod.gen';
import type { AppointmentDistinction, AppointmentDistinctionInput, AppointmentDistinctionUpdate } from '@generated/types.gen';
import type { FieldIssueMessages } from '~/lib/form-issues';
import { distinctionMessages } from '../messages';

/** The distinction form (/appointments-distinctions/create and /appointments-distinctions/{id}). */

const shape = zAppointmentDistinctionInput.shape;

export const distinctionFormSchema = z.object({
  name: z.string().trim().pipe(shape.distinction),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  description: z.string().trim().pipe(z.string().max(500)),
});

export type DistinctionFormInput = z.input<typeof distinctionFormSchema>;
export type DistinctionFormValues = z.output<typeof distinctionFormSchema>;

export const distinctionIssueMessages: FieldIssueMessages = {
  name: { required: distinctionMessages.nameRequired },
  color: { '*': distinctionMessages.colorInvalid },
};

export const newDistinctionForm = (): DistinctionFormInput => ({ name: '', color: '#fab005', description: '' });

export const distinctionFormFrom = (distinction: AppointmentDistinction): DistinctionFormInput => ({
  name: distinction.distinction,
  color: distinction.color,
  description: distinction.description ?? '',
});

export function toDistinctionInput(values: DistinctionFormValues): AppointmentDistinctionInput {
  return { distinction: values.name, color: values.color.toLowerCase(), ...(values.description ? { description: values.description } : {}) };
}

export function toDistinctionUpdate(values: DistinctionFormValues, version: number): AppointmentDistinctionUpdate {
  return { ...toDistinctionInput(values), version };
}
