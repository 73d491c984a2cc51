import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { MONEY_ERROR_CODES } from '@common/money';
import en from '../../messages/en-US.json';
import es from '../../messages/es-ES.json';
import { isMoneyErrorCode, moneyErrorMessages, moneyMessageValues } from './money-messages';

const intlOf = (locale: string, messages: Record<string, string>) => createIntl({ locale, messages });

describe('money messages', () => {
  it('translate every code of the money module', () => {
    for (const code of MONEY_ERROR_CODES) {
      expect(moneyErrorMessages[code]).toBeDefined();
      expect(isMoneyErrorCode(code)).toBe(true);
    }
    expect(isMoneyErrorCode('currency_mismatch')).toBe(false);
  });

  it('give the example and the bounds in the business’s currency and the interface language', () => {
    expect(moneyMessageValues('EUR', 'en-US')).toMatchObject({ digits: 2, example: '25.00', min: '0.00', max: '10,000,000,000.00', maxTaxRates: 12 });
    expect(moneyMessageValues('EUR', 'es-ES')).toMatchObject({ example: '25,00', max: '10.000.000.000,00' });
    expect(moneyMessageValues('JPY', 'en-US')).toMatchObject({ digits: 0, example: '25', min: '0', max: '1,000,000,000,000' });
    expect(moneyMessageValues('KWD', 'en-US')).toMatchObject({ digits: 3, example: '25.000', max: '1,000,000,000.000' });
    expect(moneyMessageValues('EUR', 'en-US', { allowNegative: true }).min).toBe('-10,000,000,000.00');
  });

  it('read as a person expects, in English and Spanish', () => {
    const english = intlOf('en-US', en);
    const spanish = intlOf('es-ES', es);
    expect(english.formatMessage(moneyErrorMessages.too_many_decimals, moneyMessageValues('JPY', 'en-US'))).toBe('Amounts in JPY have no decimals: enter one like 25.');
    expect(english.formatMessage(moneyErrorMessages.too_many_decimals, moneyMessageValues('KWD', 'en-US'))).toBe('Use at most 3 decimals, like 25.000.');
    expect(spanish.formatMessage(moneyErrorMessages.too_many_decimals, moneyMessageValues('EUR', 'es-ES'))).toBe('Usa como máximo 2 decimales, como 25,00.');
    expect(spanish.formatMessage(moneyErrorMessages.out_of_range, moneyMessageValues('EUR', 'es-ES'))).toBe('Introduce un importe de 0,00 a 10.000.000.000,00.');
    expect(english.formatMessage(moneyErrorMessages.not_a_number, moneyMessageValues('USD', 'en-US'))).toBe('Enter an amount, like 25.00.');
  });
});
