// Small stand-ins for the SMS and WhatsApp providers, for the tests: Twilio's Messages API
// (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, HTTP basic auth) and the WhatsApp
// Business Cloud API (POST /v{version}/{phone-number-id}/messages, JSON, Bearer token), over HTTP on
// 127.0.0.1. Each keeps every request it accepted, checks the credentials as the real one would, and
// can be told to answer the next requests with an error (a provider outage, a refused number).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenSwitchable } from './fake-listener.ts';

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface FakeProvider<Message> {
  url: string;
  /** Messages accepted (answered 2xx), in order. */
  messages: Message[];
  /** Every request seen, accepted or not. */
  requests: FakeRequest[];
  /** Answer the next `times` requests with `status` and `body` (JSON) instead of accepting them. */
  failNext(status: number, body: unknown, times?: number): void;
  /** false: every connection is dropped at once, as an unreachable provider. */
  setReachable(reachable: boolean): void;
  close(): Promise<void>;
}

export interface TwilioMessage {
  accountSid: string;
  to: string;
  from: string | null;
  body: string;
  /** The Authorization header, decoded: "sid:token". */
  basicAuth: string;
}

export interface WhatsAppMessage {
  phoneNumberId: string;
  version: string;
  bearer: string;
  payload: {
    messaging_product: string;
    to: string;
    type: string;
    template: { name: string; language: { code: string }; components: Array<{ type: string; parameters: Array<{ type: string; text: string }> }> };
  };
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

async function startFake<Message>(
  handle: (request: FakeRequest) => { status: number; body: unknown; message?: Message },
): Promise<FakeProvider<Message>> {
  const messages: Message[] = [];
  const requests: FakeRequest[] = [];
  const failures: Array<{ status: number; body: unknown }> = [];
  const server = createServer(async (incoming, response) => {
    const request: FakeRequest = { method: incoming.method ?? '', path: incoming.url ?? '/', headers: incoming.headers, body: await bodyOf(incoming) };
    requests.push(request);
    const failure = failures.shift();
    if (failure) return json(response, failure.status, failure.body);
    const answer = handle(request);
    if (answer.message) messages.push(answer.message);
    json(response, answer.status, answer.body);
  });
  const listening = await listenSwitchable(server);
  return {
    url: listening.url,
    messages,
    requests,
    failNext(status, body, times = 1) {
      for (let i = 0; i < times; i++) failures.push({ status, body });
    },
    setReachable: listening.setReachable,
    close: listening.close,
  };
}

export type FakeTwilio = FakeProvider<TwilioMessage> & { accountSid: string; authToken: string; from: string };

/** Twilio's Messages API: 201 with the message resource; 401 (code 20003) without the right basic auth. */
export async function startFakeTwilio(options: { accountSid?: string; authToken?: string; from?: string } = {}): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? 'ACfa4e0000000000000000000000000001';
  const authToken = options.authToken ?? 'twilio-test-token';
  const from = options.from ?? '+15005550006';
  const fake = await startFake<TwilioMessage>((request) => {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(request.path);
    if (request.method !== 'POST' || !match) return { status: 404, body: { code: 20404, message: 'The requested resource was not found', status: 404 } };
    const basicAuth = Buffer.from(String(request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
    if (basicAuth !== `${accountSid}:${authToken}` || match[1] !== accountSid) return { status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } };
    if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return { status: 400, body: { code: 20001, message: 'Bad content type', status: 400 } };
    const form = new URLSearchParams(request.body);
    const to = form.get('To') ?? '';
    if (!/^\+[1-9]\d{7,14}$/.test(to)) return { status: 400, body: { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 } };
    const message: TwilioMessage = { accountSid: match[1]!, to, from: form.get('From'), body: form.get('Body') ?? '', basicAuth };
    return { status: 201, body: { sid: `SM${String(fakeCount++).padStart(32, '0')}`, status: 'queued', to, body: message.body }, message };
  });
  return Object.assign(fake, { accountSid, authToken, from });
}
let fakeCount = 1;

export type FakeWhatsApp = FakeProvider<WhatsAppMessage> & { token: string; phoneNumberId: string };

/** The WhatsApp Business Cloud API's messages endpoint: 200 with the message id; 401 (code 190) without the right token. */
export async function startFakeWhatsApp(options: { token?: string; phoneNumberId?: string } = {}): Promise<FakeWhatsApp> {
  const token = options.token ?? 'whatsapp-test-token';
  const phoneNumberId = options.phoneNumberId ?? '106540352242922';
  const fake = await startFake<WhatsAppMessage>((request) => {
    const match = /^\/v(\d+\.\d+)\/([^/]+)\/messages$/.exec(request.path);
    if (request.method !== 'POST' || !match || match[2] !== phoneNumberId) return { status: 404, body: { error: { message: 'Unknown path', code: 803 } } };
    const bearer = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (bearer !== token) return { status: 401, body: { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } } };
    const payload = JSON.parse(request.body) as WhatsAppMessage['payload'];
    const message: WhatsAppMessage = { phoneNumberId: match[2]!, version: match[1]!, bearer, payload };
    return {
      status: 200,
      body: { messaging_product: 'whatsapp', contacts: [{ input: payload.to, wa_id: payload.to }], messages: [{ id: `wamid.${fakeCount++}` }] },
      message,
    };
  });
  return Object.assign(fake, { token, phoneNumberId });
}

/** The environment of a Cita that sends SMS and WhatsApp reminders through these fakes (README "Reminders by SMS and WhatsApp"). */
export function providerEnv(twilio: FakeTwilio, whatsapp: FakeWhatsApp, template: string): NodeJS.ProcessEnv {
  return {
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: twilio.from,
    TWILIO_API_URL: twilio.url,
    WHATSAPP_TOKEN: whatsapp.token,
    WHATSAPP_PHONE_NUMBER_ID: whatsapp.phoneNumberId,
    WHATSAPP_TEMPLATE: template,
    WHATSAPP_API_VERSION: '21.0',
    WHATSAPP_API_URL: whatsapp.url,
  };
}
