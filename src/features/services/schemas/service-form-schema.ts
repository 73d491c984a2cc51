import * as z from 'zod';
import { zColor, zPercentage, zServiceInput, zServiceUpdate } from '@generated/zod.gen';
import type { Service, ServiceInput, ServiceUpdate } from '@generated/types.gen';
import { MAX_AMOUNT_MINOR } from '@common/money';
import type { FieldIssueMessages } from '~/lib/form-issues';
import { serviceMessages } from '../messages';
import { hasThreeDecimalsAtMost } from '~/lib/percent';

/** The service form (/services/create and /services/{id}): what createService and updateService take. */

export const DEFAULT_SERVICE_COLOR = '#228be6';

const shape = zServiceInput.shape;
const optionalNumber = (value: unknown) => (value === '' || value === null ? undefined : value);

export const serviceFormSchema = z.object({
  name: z.string().trim().pipe(shape.name),
  category: z.string().trim().pipe(z.string().max(60)),
  description: z.string().trim().pipe(z.string().max(1000)),
  durationMinutes: z.preprocess(optionalNumber, z.int().gte(5).lte(720).multipleOf(5)),
  bufferMinutes: z.preprocess(optionalNumber, z.int().gte(0).lte(120).multipleOf(5)),
  // Minor units of the business's currency from the money input: null when empty, NaN when the text
  // is not an amount; within the money module's one bound.
  priceAmount: z.number().int().gte(0).lte(MAX_AMOUNT_MINOR),
  taxIncluded: z.boolean(),
  taxPercentage: z.preprocess(optionalNumber, zPercentage.refine(hasThreeDecimalsAtMost, { params: { reason: 'precision' } })),
  color: zColor,
  active: z.boolean(),
  onlineBookable: z.boolean(),
  // The team members who perform it (none: everyone) and its picture (an uploaded asset).
  userIds: z.array(z.string()),
  imageAssetId: z.string().nullable(),
});

export type ServiceFormInput = z.input<typeof serviceFormSchema>;
export type ServiceFormValues = z.output<typeof serviceFormSchema>;

export const serviceIssueMessages: FieldIssueMessages = {
  name: { required: serviceMessages.nameRequired },
  durationMinutes: serviceMessages.durationStep,
  bufferMinutes: serviceMessages.bufferStep,
  priceAmount: serviceMessages.priceInvalid,
  taxPercentage: serviceMessages.taxInvalid,
  color: serviceMessages.colorInvalid,
};

/**
 * A new service's starting values: the business's tax rate and price mode, active, and bookable online
 * when the business takes online bookings (issue 18: the owner unticks what is not).
 */
export function newServiceForm(taxPercentage: number, bookableOnline = false, pricesIncludeTax = true): ServiceFormInput {
  return {
    name: '',
    category: '',
    description: '',
    durationMinutes: 30,
    bufferMinutes: 0,
    priceAmount: null as unknown as number,
    taxIncluded: pricesIncludeTax,
    taxPercentage,
    color: DEFAULT_SERVICE_COLOR,
    active: true,
    onlineBookable: bookableOnline,
    userIds: [],
    imageAssetId: null,
  };
}

/**
 * An existing service's values. `pricesIncludeTax`, the business's price mode, is what the till charges
 * by, so a save writes it onto the service (the form has no switch of its own to contradict it).
 */
export function serviceFormFromService(service: Service, pricesIncludeTax = service.taxIncluded): ServiceFormInput {
  return {
    name: service.name,
    category: service.category ?? '',
    description: service.description ?? '',
    durationMinutes: service.durationMinutes,
    bufferMinutes: service.bufferMinutes,
    priceAmount: service.price.amount,
    taxIncluded: pricesIncludeTax,
    taxPercentage: service.taxPercentage,
    color: service.color,
    active: service.active,
    onlineBookable: service.onlineBookable,
    userIds: service.userIds,
    imageAssetId: service.imageAssetId ?? null,
  };
}

function common(values: ServiceFormValues, currency: string) {
  return {
    name: values.name,
    ...(values.category ? { category: values.category } : {}),
    ...(values.description ? { description: values.description } : {}),
    durationMinutes: values.durationMinutes,
    bufferMinutes: values.bufferMinutes,
    price: { amount: values.priceAmount, currency },
    taxIncluded: values.taxIncluded,
    taxPercentage: values.taxPercentage,
    color: values.color,
    active: values.active,
    onlineBookable: values.onlineBookable,
    userIds: values.userIds,
    ...(values.imageAssetId ? { imageAssetId: values.imageAssetId } : {}),
  };
}

export function toServiceInput(values: ServiceFormValues, currency: string): ServiceInput {
  return zServiceInput.parse(common(values, currency));
}

/** The PUT body: the form's fields (a picture left out is removed) and the version read. */
export function toServiceUpdate(values: ServiceFormValues, service: Pick<Service, 'version' | 'price'>): ServiceUpdate {
  return zServiceUpdate.parse({ ...common(values, service.price.currency), version: service.version });
}
