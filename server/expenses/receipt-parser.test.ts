import { describe, expect, it } from 'vitest';
import { findDate, parseAmount, parseReceipt, type OcrLine } from './receipt-parser.ts';
import { readSupplierTaxId } from './tax-id-repair.ts';

const lines = (text: string, confidence = 90): OcrLine[] => text.split('\n').map((line) => ({ text: line, confidence }));
const ES = { dateOrder: 'DMY' as const, currency: 'EUR' };
const US = { dateOrder: 'MDY' as const, currency: 'USD' };

describe('supplier tax id (NIF) read off a receipt', () => {
  it('takes a valid DNI, CIF and NIE as printed, normalised', () => {
    expect(readSupplierTaxId('50123456-Q')).toEqual({ value: '50123456Q', valid: true, repaired: false });
    expect(readSupplierTaxId('b87654323')).toEqual({ value: 'B87654323', valid: true, repaired: false });
    expect(readSupplierTaxId('X1234567L')).toEqual({ value: 'X1234567L', valid: true, repaired: false });
  });
  it('repairs a misread check letter of a DNI by its digits (O for Q, a digit for Z)', () => {
    // 50123456 = 23 × 2179280 + 16, and letter 16 of TRWAGMYFPDXBNJZSQVHLCKE is Q.
    expect(readSupplierTaxId('50123456O')).toEqual({ value: '50123456Q', valid: true, repaired: true });
    expect(readSupplierTaxId('123456782')).toEqual({ value: '12345678Z', valid: true, repaired: true });
  });
  it('repairs digits read as letters (B for 8, O for 0)', () => {
    expect(readSupplierTaxId('1234567BZ')).toEqual({ value: '12345678Z', valid: true, repaired: true });
    expect(readSupplierTaxId('5O123456Q')).toEqual({ value: '50123456Q', valid: true, repaired: true });
  });
  it('repairs one misread digit when exactly one close digit fits the letter', () => {
    // 12345678Z printed with its 7 read as 1: 12345618 → the letter Z picks 12345678 back.
    const reading = readSupplierTaxId('12345618Z');
    expect(reading.valid).toBe(true);
    expect(reading.value).toBe('12345678Z');
  });
  it('leaves an id it cannot repair unambiguously as invalid', () => {
    expect(readSupplierTaxId('B1234567').valid).toBe(false);
    expect(readSupplierTaxId('HELLO').valid).toBe(false);
  });
  it('repairs a CIF whose digits were read as letters', () => {
    expect(readSupplierTaxId('B876S4323')).toEqual({ value: 'B87654323', valid: true, repaired: true });
  });
});

describe('amounts and dates as printed', () => {
  it('reads Spanish and US amounts into minor units', () => {
    expect(parseAmount('1.234,56', 2)).toBe(123456);
    expect(parseAmount('1,234.56', 2)).toBe(123456);
    expect(parseAmount('121,00', 2)).toBe(12100);
    expect(parseAmount('$12.10', 2)).toBe(1210);
    expect(parseAmount('12,1', 2)).toBeUndefined();
  });
  it('orders day and month by the country unless only one order fits', () => {
    expect(findDate('Fecha: 03/11/2026 10:15', 'DMY')?.date).toBe('2026-11-03');
    expect(findDate('Date 03/11/2026', 'MDY')?.date).toBe('2026-03-11');
    expect(findDate('20/11/26', 'MDY')?.date).toBe('2026-11-20');
    expect(findDate('11/20/2026', 'DMY')?.date).toBe('2026-11-20');
    expect(findDate('20 de noviembre de 2026', 'DMY')?.date).toBe('2026-11-20');
    expect(findDate('Nov 20, 2026', 'MDY')?.date).toBe('2026-11-20');
    expect(findDate('2026-11-20T10:00', 'MDY')?.date).toBe('2026-11-20');
    expect(findDate('31/02/2026', 'DMY')).toBeUndefined();
  });
});

describe('a Spanish supplier invoice', () => {
  const text = `DISTRIBUCIONES CAPILARES MADRID S.L.
C/ Alcalá 120, 28009 Madrid
CIF: B87654323
FACTURA N.º F-2026-1187
Fecha: 20/11/2026
6 CHAMPU REPARADOR 500ML 51,00
5 MASCARILLA NUTRITIVA 49,00
BASE IMPONIBLE 100,00
IVA 21% 21,00
TOTAL 121,00 EUR`;
  const parsed = parseReceipt(lines(text), ES);
  it('reads every field', () => {
    expect(parsed.supplier).toBe('DISTRIBUCIONES CAPILARES MADRID S.L.');
    expect(parsed.supplierTaxId).toBe('B87654323');
    expect(parsed.invoiceNumber).toBe('F-2026-1187');
    expect(parsed.date).toBe('2026-11-20');
    expect(parsed.taxLines).toEqual([{ rateMilli: 21000, base: 10000, tax: 2100 }]);
    expect(parsed.total).toBe(12100);
  });
  it('is sure of sums that agree with the total', () => {
    expect(parsed.confidence.amount).toBeGreaterThanOrEqual(0.9);
    expect(parsed.confidence.taxLines).toBeGreaterThanOrEqual(0.9);
  });
});

describe('a supermarket simplified invoice with two rates', () => {
  const text = `MERCADONA, S.A.
A46103834
C/ Mayor 3 - 28013 MADRID
FACTURA SIMPLIFICADA: 2831-017-654321
12/03/2026 18:42
1 LECHE ENTERA 6,30
1 DETERGENTE 12,10
TOTAL (€) 18,40
IVA BASE IMPONIBLE (€) CUOTA (€)
10% 5,73 0,57
21% 10,00 2,10
TOTAL 15,73 2,67
TARJETA BANCARIA 18,40`;
  const parsed = parseReceipt(lines(text), ES);
  it('reads both rates, the number and the total', () => {
    expect(parsed.supplier).toBe('MERCADONA, S.A.');
    expect(parsed.supplierTaxId).toBe('A46103834');
    expect(parsed.invoiceNumber).toBe('2831-017-654321');
    expect(parsed.date).toBe('2026-03-12');
    expect(parsed.taxLines).toEqual([
      { rateMilli: 21000, base: 1000, tax: 210 },
      { rateMilli: 10000, base: 573, tax: 57 },
    ]);
    expect(parsed.total).toBe(1840);
  });
});

describe("a professional's invoice with withholding (IRPF)", () => {
  const text = `Gestoría Ruiz y Asociados
NIF 50123456Q
Factura 2026/311
Fecha 05-11-2026
Asesoría fiscal noviembre
Base imponible 80,00
IVA 21% 16,80
Retención IRPF 15% 12,00
Total factura 84,80`;
  const parsed = parseReceipt(lines(text), ES);
  it('subtracts the withholding from the total', () => {
    expect(parsed.supplier).toBe('Gestoría Ruiz y Asociados');
    expect(parsed.supplierTaxId).toBe('50123456Q');
    expect(parsed.invoiceNumber).toBe('2026/311');
    expect(parsed.date).toBe('2026-11-05');
    expect(parsed.taxLines).toEqual([{ rateMilli: 21000, base: 8000, tax: 1680 }]);
    expect(parsed.withholding).toBe(1200);
    expect(parsed.withholdingRateMilli).toBe(15000);
    expect(parsed.total).toBe(8480);
    expect(parsed.confidence.amount).toBeGreaterThanOrEqual(0.9);
  });
});

describe('a bar ticket with a misread NIF and a 10% rate', () => {
  const text = `BAR EL RINCON
NIF: 5O123456O
Ticket nº 000482
20/11/2026 13:05
2 CAFE CON LECHE 3,30
1 TOSTADA 2,20
Base 10% 5,00 Cuota 0,50
TOTAL 5,50`;
  const parsed = parseReceipt(lines(text, 80), ES);
  it('repairs the NIF and lowers its confidence', () => {
    expect(parsed.supplierTaxId).toBe('50123456Q');
    expect(parsed.taxIdRepaired).toBe(true);
    expect(parsed.confidence.supplierTaxId).toBeLessThan(0.8);
    expect(parsed.supplier).toBe('BAR EL RINCON');
    expect(parsed.invoiceNumber).toBe('000482');
    expect(parsed.taxLines).toEqual([{ rateMilli: 10000, base: 500, tax: 50 }]);
    expect(parsed.total).toBe(550);
  });
});

describe('a US receipt', () => {
  const text = `BEAUTY SUPPLY CO
1200 Market St, San Francisco CA 94103
Receipt #A-20931
11/05/2026 4:12 PM
Nail polish remover 12.50
Cotton pads 7.50
Subtotal 20.00
Sales Tax 8.625% 1.73
Total $21.73
VISA ****1234 21.73`;
  const parsed = parseReceipt(lines(text), US);
  it('reads month first, the tax with its rate and the total', () => {
    expect(parsed.supplier).toBe('BEAUTY SUPPLY CO');
    expect(parsed.supplierTaxId).toBeUndefined();
    expect(parsed.invoiceNumber).toBe('A-20931');
    expect(parsed.date).toBe('2026-11-05');
    // The printed 8.625 % as it is (issue 17: three decimals), no longer rounded to 8.63.
    expect(parsed.taxLines).toEqual([{ rateMilli: 8625, base: 2000, tax: 173 }]);
    expect(parsed.total).toBe(2173);
  });
  it('derives the rate from the subtotal when only the tax is printed', () => {
    const noRate = parseReceipt(lines('CORNER STORE LLC\nSubtotal 10.00\nTax 0.80\nTotal 10.80'), US);
    expect(noRate.taxLines).toEqual([{ rateMilli: 8000, base: 1000, tax: 80 }]);
    expect(noRate.total).toBe(1080);
  });
  it('reads US thousands separators', () => {
    const big = parseReceipt(lines('SALON EQUIPMENT INC\nInvoice No. 7781\nSubtotal 1,250.00\nTax 7.25% 90.63\nGrand Total 1,340.63'), US);
    expect(big.taxLines).toEqual([{ rateMilli: 7250, base: 125000, tax: 9063 }]);
    expect(big.total).toBe(134063);
    expect(big.invoiceNumber).toBe('7781');
  });
});

describe('text that is no receipt', () => {
  it('reads the number after "N.º" even when the º was read as a 2', () => {
    expect(parseReceipt(lines('PROVEEDOR S.L.\nFACTURA N.2 F-2026-1187'), ES).invoiceNumber).toBe('F-2026-1187');
  });
  it('proposes nothing it did not read', () => {
    const parsed = parseReceipt(lines('hello\n\n'), ES);
    expect(parsed.taxLines).toEqual([]);
    expect(parsed.total).toBeUndefined();
    expect(parsed.date).toBeUndefined();
    expect(parsed.supplierTaxId).toBeUndefined();
  });
});
