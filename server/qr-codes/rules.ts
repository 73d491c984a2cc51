import type { QrCodeKind, QrCodeUpdate, QrPayment, QrWifi } from '../../generated/types.gen.ts';
import { fromMinorUnits } from '../../common/money/index.ts';
import { isValidIban, normalizeIban } from '../../common/iban.ts';
import { cleanName } from '../kit/names.ts';
import { unprocessable } from '../problem.ts';

/**
 * What a QR code encodes, and the rules of its fields beyond the contract's schema (422 naming the
 * field). Pure: no database.
 */

/** The kinds whose code is the short link /q/{code} (scans counted, target re-pointable). */
export const REDIRECT_KINDS: ReadonlySet<QrCodeKind> = new Set(['QR_CODE_KIND_BOOKING', 'QR_CODE_KIND_PRICE_LIST', 'QR_CODE_KIND_REVIEW', 'QR_CODE_KIND_URL']);
export const redirects = (kind: QrCodeKind) => REDIRECT_KINDS.has(kind);

/**
 * A target the redirect may send people to: an absolute http(s) URL with a host and no user
 * name or password (`https://bank.example@evil.example` reads like one site and goes to another),
 * without control characters. Anything else (javascript:, data:, a relative path…): null.
 */
export function safeTargetUrl(value: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password) return null;
  return url.href;
}

/** The WIFI: text (the de-facto format phones read): \ ; , : " escaped with a backslash. */
export function wifiPayload(wifi: QrWifi): string {
  const escape = (text: string) => text.replace(/([\\;,:"])/g, '\\$1');
  const type = wifi.security === 'QR_WIFI_SECURITY_WPA' ? 'WPA' : wifi.security === 'QR_WIFI_SECURITY_WEP' ? 'WEP' : 'nopass';
  const password = type === 'nopass' ? '' : `P:${escape(wifi.password ?? '')};`;
  return `WIFI:T:${type};S:${escape(wifi.ssid)};${password}${wifi.hidden ? 'H:true;' : ''};`;
}

/**
 * The EPC069-12 text of a SEPA credit transfer (version 002, UTF-8): service tag, version, character
 * set, SCT, BIC (may be empty in 002), name, IBAN, amount (EUR with a dot), purpose (empty),
 * structured reference (empty) and the remittance text; lines joined by LF, trailing empty ones left
 * out (the standard: no line feed after the last element).
 */
export function epcPayload(payment: QrPayment): string {
  const lines = [
    'BCD',
    '002',
    '1',
    'SCT',
    (payment.bic ?? '').toUpperCase(),
    payment.beneficiary.trim(),
    normalizeIban(payment.iban),
    payment.amount === undefined ? '' : `EUR${fromMinorUnits(payment.amount, 'EUR')}`,
    '',
    '',
    (payment.reference ?? '').trim(),
  ];
  while (lines.at(-1) === '') lines.pop();
  return lines.join('\n');
}

/** Relative luminance (WCAG) of #rrggbb. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Scanners need dark modules on a light ground, with contrast: at least 3:1 (WCAG's for graphics). */
export function colorsReadable(foreground: string, background: string): boolean {
  const dark = luminance(foreground);
  const light = luminance(background);
  return light > dark && (light + 0.05) / (dark + 0.05) >= 3;
}

export interface CheckedQr {
  name: string;
  targetUrl: string | null;
  wifi: QrWifi | null;
  payment: QrPayment | null;
  foregroundColor: string;
  backgroundColor: string;
}

/**
 * Checks the fields of a create (`kind` from the body) or an update (`kind` stored) and answers them
 * as stored. `bookingUrl` is the business's booking page, null when it has none (a BOOKING code
 * without its own target needs one).
 */
export function checkQrInput(root: string, kind: QrCodeKind, input: Omit<QrCodeUpdate, 'version'>, bookingUrl: string | null): CheckedQr {
  const name = cleanName(input.name, `${root}/name`);
  const foregroundColor = (input.foregroundColor ?? '#000000').toLowerCase();
  const backgroundColor = (input.backgroundColor ?? '#ffffff').toLowerCase();
  if (!colorsReadable(foregroundColor, backgroundColor)) {
    throw unprocessable(`${root}/foregroundColor`, 'low_contrast', 'Scanners cannot read these colours: use a dark colour on a light background.');
  }
  let targetUrl: string | null = null;
  if (input.targetUrl !== undefined) {
    if (!redirects(kind)) throw unprocessable(`${root}/targetUrl`, 'not_for_kind', 'This kind of QR code has no target address.');
    targetUrl = safeTargetUrl(input.targetUrl);
    if (!targetUrl) throw unprocessable(`${root}/targetUrl`, 'unsafe_url', 'Enter a full http:// or https:// address, without a user name or password.');
  } else if (kind === 'QR_CODE_KIND_BOOKING') {
    if (!bookingUrl) throw unprocessable(`${root}/kind`, 'booking_off', 'Turn on online booking (and choose its address) before creating its QR code.');
  } else if (redirects(kind)) {
    throw unprocessable(`${root}/targetUrl`, 'required', 'Enter the address the QR code leads to.');
  }
  if (input.wifi !== undefined && kind !== 'QR_CODE_KIND_WIFI') throw unprocessable(`${root}/wifi`, 'not_for_kind', 'Only a Wi-Fi QR code has Wi-Fi details.');
  if (kind === 'QR_CODE_KIND_WIFI') {
    if (!input.wifi) throw unprocessable(`${root}/wifi`, 'required', 'Enter the network name.');
    if (!input.wifi.ssid.trim()) throw unprocessable(`${root}/wifi/ssid`, 'blank', 'Enter the network name.');
    if (input.wifi.security !== 'QR_WIFI_SECURITY_NONE' && !input.wifi.password) {
      throw unprocessable(`${root}/wifi/password`, 'required', 'Enter the network password.');
    }
    if (input.wifi.security === 'QR_WIFI_SECURITY_WPA' && input.wifi.password && input.wifi.password.length < 8) {
      throw unprocessable(`${root}/wifi/password`, 'too_short', 'A WPA password has at least 8 characters.');
    }
  }
  if (input.payment !== undefined && kind !== 'QR_CODE_KIND_PAYMENT') throw unprocessable(`${root}/payment`, 'not_for_kind', 'Only a payment QR code has payment details.');
  let payment: QrPayment | null = null;
  if (kind === 'QR_CODE_KIND_PAYMENT') {
    if (!input.payment) throw unprocessable(`${root}/payment`, 'required', 'Enter the payment details.');
    if (!isValidIban(input.payment.iban)) throw unprocessable(`${root}/payment/iban`, 'invalid_iban', 'This IBAN is not valid: check it.');
    const beneficiary = input.payment.beneficiary.trim();
    if (!beneficiary) throw unprocessable(`${root}/payment/beneficiary`, 'blank', "Enter the beneficiary's name.");
    payment = {
      iban: normalizeIban(input.payment.iban),
      beneficiary,
      ...(input.payment.bic ? { bic: input.payment.bic.toUpperCase() } : {}),
      ...(input.payment.amount !== undefined ? { amount: input.payment.amount } : {}),
      ...(input.payment.reference?.trim() ? { reference: input.payment.reference.trim() } : {}),
    };
  }
  const wifi = kind === 'QR_CODE_KIND_WIFI' && input.wifi ? { ...input.wifi, hidden: input.wifi.hidden ?? false } : null;
  if (wifi && wifi.security === 'QR_WIFI_SECURITY_NONE') delete wifi.password;
  return { name, targetUrl, wifi, payment, foregroundColor, backgroundColor };
}
