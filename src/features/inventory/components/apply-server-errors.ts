import type { IntlShape } from 'react-intl';
import { asProblem, problemFormErrors } from '~/lib/api-problem';
import { formIssueMessages } from '~/lib/form-issues';
import { isMoneyErrorCode, moneyErrorMessages, moneyMessageValues } from '~/lib/money-messages';
import { inventoryMessages } from '../messages';
import { isMoneyProblem } from '../schemas/inventory-form-schema';
import type { InventoryForm } from './inventory-form';

const FIELDS = ['name', 'sku', 'barcode', 'category', 'description', 'unit', 'quantity', 'minQuantity', 'cost', 'price', 'taxPercentage', 'supplier', 'imageAssetId'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Puts a failed save's field errors next to their fields (translated; the money fields' in the
 * business's currency); returns true when it did, so that the page shows its general alert only for
 * the rest. Nothing typed is touched.
 */
export function applyServerErrors(error: unknown, form: InventoryForm, intl: IntlShape, currencyCode: string): boolean {
  const moneyValues = moneyMessageValues(currencyCode, intl.locale);
  if (isMoneyProblem(error)) {
    form.setError(error.field, { message: intl.formatMessage(moneyErrorMessages[error.code], moneyValues) });
    return true;
  }
  const problem = asProblem(error);
  if (problem?.status === 409 && (problem.code === 'duplicate_sku' || problem.code === 'duplicate_barcode')) {
    const field = problem.code === 'duplicate_sku' ? 'sku' : 'barcode';
    form.setError(field, { message: intl.formatMessage(field === 'sku' ? inventoryMessages.duplicateSku : inventoryMessages.duplicateBarcode) });
    return true;
  }
  const fieldErrors = problemFormErrors(error, { wrapper: 'inventoryItem', fieldMap: { 'cost.currency': 'cost', 'price.currency': 'price', 'cost.amount': 'cost', 'price.amount': 'price' }, known: FIELDS });
  for (const { field, code } of fieldErrors) {
    if ((field === 'cost' || field === 'price') && isMoneyErrorCode(code)) {
      form.setError(field, { message: intl.formatMessage(moneyErrorMessages[code], moneyValues) });
      continue;
    }
    const message =
      code === 'too_many_decimals'
        ? inventoryMessages.tooManyDecimals
        : code === 'currency_mismatch'
          ? inventoryMessages.currencyMismatch
          : code === 'unknown_asset'
            ? inventoryMessages.unknownPhoto
            : formIssueMessages.invalid;
    form.setError(field as Field, { message: intl.formatMessage(message) });
  }
  return fieldErrors.length > 0;
}
