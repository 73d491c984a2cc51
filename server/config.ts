import { resolve } from 'node:path';
import type { PhoneSettings, TwilioSettings, WhatsAppSettings } from './notifications/phone.ts';

/** Everything the server reads from its environment, with the embedded defaults of `npm start`. */
export interface ServerConfig {
  production: boolean;
  host: string;
  port: number;
  /** PostgreSQL when set; otherwise PGlite under dataDir/db. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** PGLITE_VACUUM_INTERVAL_MS: how often the PGlite database is vacuumed and analyzed, once at start and then (default 1 hour; 0: never). */
  pgliteVacuumIntervalMs: number;
  /** The built SPA to serve on the same origin (SPA_DIST); none when unset. */
  spaDist: string | undefined;
  /** Origins allowed by CORS besides the server's own (a separately served SPA). */
  corsOrigins: string[];
  firebase: {
    projectId: string;
    apiKey: string;
    authDomain: string;
    storageBucket: string;
    appId: string;
    /** host:port of the Auth emulator; never in production. */
    emulatorHost: string | undefined;
  };
  adminEmails: string;
  sessionTtlSeconds: number;
  /** A session unused for this long ends, whatever its expiry (SESSION_IDLE_SECONDS, default 14 days). */
  sessionIdleSeconds: number;
  /**
   * How many reverse proxies in front of the server append to X-Forwarded-For (TRUST_PROXY_HOPS,
   * default 0: the socket address is the client). Rate limits key anonymous calls by that address.
   */
  trustProxyHops: number;
  trialDays: number;
  /** The exact redirect URIs /login/sso may send a one-time code to (SSO_REDIRECT_URIS). */
  ssoRedirectUris: string[];
  support: { email: string; phone: string };
  /** Cita as the issuer of its invoices to tenants (CITA_BILLING_*): printed on the admin invoices. */
  billing: { businessName: string; legalName: string; taxId: string; email: string; address: { line1: string; city: string; postalCode: string; country: string } };
  paymentLinks: { pro: string; premium: string };
  workflowSiteUrl: string;
  /** The address customers open Cita at (PUBLIC_URL), for the links in e-mails. */
  publicUrl: string;
  /** CITA_SECRET: signs the cancellation links; unset, one is generated and kept in the database. */
  secret: string | undefined;
  mail: {
    /** SMTP_URL (smtp://user:pass@host:587, smtps://…:465); unset, e-mails are .eml files in `outboxDir`. */
    smtpUrl: string | undefined;
    /** MAIL_FROM: the sender address. */
    from: string;
    /** MAIL_OUTBOX_DIR, default DATA_DIR/outbox. */
    outboxDir: string;
    /** OUTBOX_POLL_MS: how often the worker looks for due messages (default 5000). */
    pollMs: number;
    /** OUTBOX_WORKER=off keeps this instance from sending (another instance sends). */
    worker: boolean;
  };
  /**
   * Reminders by SMS and WhatsApp (server/notifications/phone.ts). Each channel is sent when its
   * provider is configured; without one, its reminders are `skipped` / unsupported_channel when due
   * and the appointment page offers a one-click WhatsApp message instead.
   * - sms: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (or TWILIO_MESSAGING_SERVICE_SID);
   *   TWILIO_API_URL (default https://api.twilio.com).
   * - whatsapp: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID; WHATSAPP_TEMPLATE (default
   *   appointment_reminder), WHATSAPP_API_VERSION (default 21.0), WHATSAPP_API_URL (default
   *   https://graph.facebook.com).
   */
  phone: PhoneSettings;
  rateLimit: {
    /**
     * The public operations (cancellation page, booking page), per client address and minute
     * (PUBLIC_RATE_LIMIT); each page counts apart.
     */
    publicPerMinute: number;
    /** Online bookings per e-mail address and per phone number, an hour (BOOKING_CONTACT_RATE_LIMIT, default 5). */
    bookingsPerContactPerHour: number;
    /** Online bookings per client address, an hour, whatever the contact (BOOKING_ADDRESS_RATE_LIMIT, default 20). */
    bookingsPerAddressPerHour: number;
    identityPerMinute: number;
    /** Creating businesses and sending invitations, per signed-in user (WRITE_RATE_LIMIT). */
    sensitiveWritesPerMinute: number;
    /** Every other call, per signed-in user or, anonymous, per client address (API_RATE_LIMIT). */
    perMinute: number;
    /** Long writes (a customer import, a dry run included), per signed-in user and hour (IMPORT_RATE_LIMIT, default 20). */
    importsPerHour: number;
    /**
     * REDIS_URL: the counters live in Redis, shared by every instance of the API (how Cita scales
     * out); without it each process counts on its own. RATE_LIMIT_NAMESPACE prefixes the keys.
     */
    redisUrl?: string;
    namespace: string;
  };
  /** Where image bytes are kept (server/assets/storage.ts) and when orphaned images are deleted. */
  assets: {
    /** ASSET_DIR, default DATA_DIR/assets: the disk store, used unless `s3` is set. */
    dir: string;
    /** ASSET_S3_BUCKET and friends: an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …). */
    s3?: S3AssetConfig;
    /** ASSET_CLEANUP_INTERVAL_MS: how often the cleaner looks for orphaned images (default 10 min). */
    cleanupIntervalMs: number;
    /** ASSET_ORPHAN_GRACE_SECONDS: an image nothing references is deleted once it is this old (default 24 h). */
    orphanGraceSeconds: number;
    /** ASSET_CLEANUP=off keeps this instance from cleaning (another instance does). */
    cleanup: boolean;
  };
}

export interface S3AssetConfig {
  bucket: string;
  /** ASSET_S3_ENDPOINT: e.g. http://127.0.0.1:9000 (MinIO), https://<account>.r2.cloudflarestorage.com; unset: AWS. */
  endpoint?: string;
  /** ASSET_S3_REGION (default us-east-1; R2 wants "auto"). */
  region: string;
  /** ASSET_S3_ACCESS_KEY_ID / ASSET_S3_SECRET_ACCESS_KEY; unset: the AWS SDK's default chain (AWS_* variables, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** ASSET_S3_FORCE_PATH_STYLE=true: http://host/bucket/key instead of http://bucket.host/key (MinIO wants it). */
  forcePathStyle: boolean;
  /** ASSET_S3_PREFIX: prepended to every object key (e.g. "cita/"), to share a bucket. */
  prefix: string;
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const projectId = env.FIREBASE_PROJECT_ID ?? 'demo-cita';
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const port = Number(env.PORT ?? 8080);
  return {
    production: env.NODE_ENV === 'production',
    host: env.HOST ?? '127.0.0.1',
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    pgliteVacuumIntervalMs: Number(env.PGLITE_VACUUM_INTERVAL_MS ?? 60 * 60 * 1000),
    spaDist: env.SPA_DIST ? resolve(env.SPA_DIST) : undefined,
    corsOrigins: list(env.CORS_ORIGINS),
    firebase: {
      projectId,
      apiKey: env.FIREBASE_API_KEY ?? 'fake-api-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? (env.FIREBASE_AUTH_EMULATOR_HOST ? '127.0.0.1' : `${projectId}.firebaseapp.com`),
      storageBucket: env.FIREBASE_STORAGE_BUCKET ?? '',
      appId: env.FIREBASE_APP_ID ?? '',
      emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST || undefined,
    },
    adminEmails: env.CITA_ADMIN_EMAILS ?? '',
    sessionTtlSeconds: Number(env.SESSION_TTL_SECONDS ?? 30 * 24 * 3600),
    sessionIdleSeconds: Number(env.SESSION_IDLE_SECONDS ?? 14 * 24 * 3600),
    trustProxyHops: Number(env.TRUST_PROXY_HOPS ?? 0),
    trialDays: Number(env.TRIAL_DAYS ?? 30),
    ssoRedirectUris: list(env.SSO_REDIRECT_URIS),
    support: { email: env.SUPPORT_EMAIL ?? 'support@cita.example', phone: env.SUPPORT_PHONE ?? '34600000000' },
    billing: {
      businessName: env.CITA_BILLING_NAME ?? 'Cita',
      legalName: env.CITA_BILLING_LEGAL_NAME ?? 'Cita Software SL',
      taxId: env.CITA_BILLING_TAX_ID ?? 'B12345674',
      email: env.CITA_BILLING_EMAIL ?? env.SUPPORT_EMAIL ?? 'support@cita.example',
      address: {
        line1: env.CITA_BILLING_ADDRESS ?? 'Calle de Serrano 41',
        city: env.CITA_BILLING_CITY ?? 'Madrid',
        postalCode: env.CITA_BILLING_POSTAL_CODE ?? '28001',
        country: env.CITA_BILLING_COUNTRY ?? 'ES',
      },
    },
    paymentLinks: {
      pro: env.PAYMENT_LINK_PRO ?? 'https://buy.stripe.com/test_cita_pro',
      premium: env.PAYMENT_LINK_PREMIUM ?? 'https://buy.stripe.com/test_cita_premium',
    },
    workflowSiteUrl: env.WORKFLOW_SITE_URL ?? 'https://cita.example/how-it-works',
    publicUrl: (env.PUBLIC_URL || `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
    secret: env.CITA_SECRET || undefined,
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      from: env.MAIL_FROM || 'Cita <no-reply@cita.localhost>',
      outboxDir: resolve(env.MAIL_OUTBOX_DIR ?? `${dataDir}/outbox`),
      pollMs: Number(env.OUTBOX_POLL_MS ?? 5000),
      worker: env.OUTBOX_WORKER !== 'off',
    },
    phone: {
      ...(env.TWILIO_ACCOUNT_SID || env.TWILIO_AUTH_TOKEN ? { sms: twilioConfig(env) } : {}),
      ...(env.WHATSAPP_TOKEN || env.WHATSAPP_PHONE_NUMBER_ID ? { whatsapp: whatsAppConfig(env) } : {}),
    },
    rateLimit: {
      publicPerMinute: Number(env.PUBLIC_RATE_LIMIT ?? 30),
      bookingsPerContactPerHour: Number(env.BOOKING_CONTACT_RATE_LIMIT ?? 5),
      bookingsPerAddressPerHour: Number(env.BOOKING_ADDRESS_RATE_LIMIT ?? 20),
      identityPerMinute: Number(env.IDENTITY_RATE_LIMIT ?? 30),
      sensitiveWritesPerMinute: Number(env.WRITE_RATE_LIMIT ?? 20),
      perMinute: Number(env.API_RATE_LIMIT ?? 1200),
      importsPerHour: Number(env.IMPORT_RATE_LIMIT ?? 20),
      redisUrl: env.REDIS_URL || undefined,
      namespace: env.RATE_LIMIT_NAMESPACE ?? 'cita-rate-limit:',
    },
    assets: {
      dir: env.ASSET_DIR ? resolve(env.ASSET_DIR) : resolve(dataDir, 'assets'),
      ...(env.ASSET_S3_BUCKET ? { s3: s3AssetConfig(env) } : {}),
      cleanupIntervalMs: Number(env.ASSET_CLEANUP_INTERVAL_MS ?? 10 * 60 * 1000),
      orphanGraceSeconds: Number(env.ASSET_ORPHAN_GRACE_SECONDS ?? 24 * 3600),
      cleanup: env.ASSET_CLEANUP !== 'off',
    },
  };
}

function twilioConfig(env: NodeJS.ProcessEnv): TwilioSettings {
  const accountSid = env.TWILIO_ACCOUNT_SID || '';
  const authToken = env.TWILIO_AUTH_TOKEN || '';
  const from = env.TWILIO_FROM || undefined;
  const messagingServiceSid = env.TWILIO_MESSAGING_SERVICE_SID || undefined;
  if (!accountSid || !authToken || !(from || messagingServiceSid)) {
    throw new Error('SMS reminders need TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (or TWILIO_MESSAGING_SERVICE_SID); set all of them, or none.');
  }
  return {
    accountSid,
    authToken,
    ...(from ? { from } : {}),
    ...(messagingServiceSid ? { messagingServiceSid } : {}),
    baseUrl: (env.TWILIO_API_URL || 'https://api.twilio.com').replace(/\/+$/, ''),
  };
}

function whatsAppConfig(env: NodeJS.ProcessEnv): WhatsAppSettings {
  const token = env.WHATSAPP_TOKEN || '';
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID || '';
  if (!token || !phoneNumberId) throw new Error('WhatsApp reminders need both WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID; set both, or neither.');
  const apiVersion = (env.WHATSAPP_API_VERSION || '21.0').replace(/^v/, '');
  if (!/^\d+\.\d+$/.test(apiVersion)) throw new Error('WHATSAPP_API_VERSION must look like 21.0.');
  return {
    token,
    phoneNumberId,
    template: env.WHATSAPP_TEMPLATE || 'appointment_reminder',
    apiVersion,
    baseUrl: (env.WHATSAPP_API_URL || 'https://graph.facebook.com').replace(/\/+$/, ''),
  };
}

function s3AssetConfig(env: NodeJS.ProcessEnv): S3AssetConfig {
  const accessKeyId = env.ASSET_S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.ASSET_S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('Set both ASSET_S3_ACCESS_KEY_ID and ASSET_S3_SECRET_ACCESS_KEY, or neither (the AWS SDK then finds credentials itself).');
  }
  const prefix = env.ASSET_S3_PREFIX ?? '';
  if (prefix.startsWith('/') || prefix.includes('..')) throw new Error('ASSET_S3_PREFIX must be a relative key prefix such as "cita/".');
  return {
    bucket: env.ASSET_S3_BUCKET!,
    ...(env.ASSET_S3_ENDPOINT ? { endpoint: env.ASSET_S3_ENDPOINT } : {}),
    region: env.ASSET_S3_REGION || 'us-east-1',
    ...(accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : {}),
    forcePathStyle: /^(1|true|yes)$/i.test(env.ASSET_S3_FORCE_PATH_STYLE ?? ''),
    prefix,
  };
}
