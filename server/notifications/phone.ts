/**
 * Reminders by SMS (Twilio's Messages API) and by WhatsApp (the WhatsApp Business Cloud API's
 * template messages), each configured by environment variables (server/config.ts, README). The
 * outbox worker sends through these; an HTTP 4xx answer (except 408 and 429) is a permanent failure
 * (the row is `failed` with the provider's message), a 5xx, 408, 429 or a network error is retried.
 */

/** TWILIO_*: an account that sends SMS. */
export interface TwilioSettings {
  /** TWILIO_ACCOUNT_SID (AC…). */
  accountSid: string;
  /** TWILIO_AUTH_TOKEN. */
  authToken: string;
  /** TWILIO_FROM: the sending number in E.164 (or an alphanumeric sender id where allowed). */
  from?: string;
  /** TWILIO_MESSAGING_SERVICE_SID (MG…): send through a messaging service instead of `from`. */
  messagingServiceSid?: string;
  /** TWILIO_API_URL (default https://api.twilio.com): the tests point it at a fake. */
  baseUrl: string;
}

/** WHATSAPP_*: a WhatsApp Business phone number and the approved reminder template. */
export interface WhatsAppSettings {
  /** WHATSAPP_TOKEN: a (system user) access token, sent as Bearer. */
  token: string;
  /** WHATSAPP_PHONE_NUMBER_ID: the business phone number's id (not the number). */
  phoneNumberId: string;
  /** WHATSAPP_TEMPLATE (default appointment_reminder): an approved template in en_US and es_ES with two body parameters. */
  template: string;
  /** WHATSAPP_API_VERSION (default 21.0): the Graph API version, without the "v". */
  apiVersion: string;
  /** WHATSAPP_API_URL (default https://graph.facebook.com): the tests point it at a fake. */
  baseUrl: string;
}

export interface PhoneSettings {
  sms?: TwilioSettings;
  whatsapp?: WhatsAppSettings;
}

/** An SMS, ready to send. */
export interface OutgoingSms {
  to: string;
  body: string;
}

/** A WhatsApp template message, ready to send: the template's language and its body parameters in order. */
export interface OutgoingWhatsApp {
  to: string;
  /** WhatsApp's language code (en_US, es_ES). */
  language: string;
  parameters: string[];
}

export interface SmsSender {
  send(message: OutgoingSms): Promise<void>;
}
export interface WhatsAppSender {
  send(message: OutgoingWhatsApp): Promise<void>;
}
export interface PhoneSenders {
  sms?: SmsSender;
  whatsapp?: WhatsAppSender;
}

/** A provider's refusal. `permanent`: sending the same message again cannot succeed (a 4xx). */
export class DeliveryError extends Error {
  readonly permanent: boolean;
  constructor(message: string, permanent: boolean) {
    super(message);
    this.name = 'DeliveryError';
    this.permanent = permanent;
  }
}

const TIMEOUT_MS = 15_000;

/** 4xx is the request's fault (a wrong number, a bad template, bad credentials): never retried, except 408 and 429. */
const isPermanent = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

async function post(provider: string, url: string, init: RequestInit, describe: (body: unknown) => string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new DeliveryError(`${provider}: ${error instanceof Error ? error.message : String(error)}`, false);
  }
  if (response.ok) {
    await response.body?.cancel().catch(() => {});
    return;
  }
  const text = await response.text().catch(() => '');
  let detail = text.slice(0, 300);
  try {
    detail = describe(JSON.parse(text)) || detail;
  } catch {
    // Not JSON: the text as it came.
  }
  throw new DeliveryError(`${provider} ${response.status}${detail ? `: ${detail}` : ''}`.slice(0, 1000), isPermanent(response.status));
}

/** Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, HTTP basic auth. */
export function twilioSender(settings: TwilioSettings): SmsSender {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    async send(message) {
      const form = new URLSearchParams({ To: message.to, Body: message.body });
      if (settings.messagingServiceSid) form.set('MessagingServiceSid', settings.messagingServiceSid);
      else form.set('From', settings.from ?? '');
      await post(
        'twilio',
        url,
        { method: 'POST', headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: form.toString() },
        (body) => {
          const b = body as { code?: number; message?: string };
          return [b.code ? `(${b.code})` : '', b.message ?? ''].filter(Boolean).join(' ');
        },
      );
    },
  };
}

/** The WhatsApp Business Cloud API: POST /v{version}/{phone-number-id}/messages, a template message, Bearer token. */
export function whatsAppSender(settings: WhatsAppSettings): WhatsAppSender {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/v${settings.apiVersion}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  return {
    async send(message) {
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: message.to.replace(/^\+/, ''),
        type: 'template',
        template: {
          name: settings.template,
          language: { code: message.language },
          components: [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }],
        },
      };
      await post(
        'whatsapp',
        url,
        { method: 'POST', headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) },
        (answer) => {
          const error = (answer as { error?: { code?: number; message?: string; error_data?: { details?: string } } }).error;
          return error ? [error.code ? `(${error.code})` : '', error.message ?? '', error.error_data?.details ?? ''].filter(Boolean).join(' ') : '';
        },
      );
    },
  };
}

export function phoneSendersFor(settings: PhoneSettings): PhoneSenders {
  return {
    ...(settings.sms ? { sms: twilioSender(settings.sms) } : {}),
    ...(settings.whatsapp ? { whatsapp: whatsAppSender(settings.whatsapp) } : {}),
  };
}

/** The reminder channels this server sends: e-mail always, SMS and WhatsApp when configured. */
export function reminderChannels(settings: PhoneSettings): Array<'REMINDER_CHANNEL_EMAIL' | 'REMINDER_CHANNEL_SMS' | 'REMINDER_CHANNEL_WHATSAPP'> {
  return ['REMINDER_CHANNEL_EMAIL', ...(settings.sms ? (['REMINDER_CHANNEL_SMS'] as const) : []), ...(settings.whatsapp ? (['REMINDER_CHANNEL_WHATSAPP'] as const) : [])];
}

/**
 * A customer's phone in E.164 (+34612345678) from the dial code and the national number the
 * business typed, or null when it cannot be one. A national trunk prefix 0 is left out (UK 07700…),
 * except in Italy, where the 0 belongs to the number.
 */
export function e164(countryCode: string | null | undefined, number: string | null | undefined): string | null {
  let national = (number ?? '').replace(/\D/g, '');
  const code = (countryCode ?? '').replace(/\D/g, '');
  if (!national || !code) return null;
  if (code !== '39') national = national.replace(/^0+/, '');
  const full = `+${code}${national}`;
  return /^\+[1-9]\d{7,14}$/.test(full) ? full : null;
}
