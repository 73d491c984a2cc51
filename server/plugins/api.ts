import type { FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import type { IdTokenVerifier } from '../auth/firebase.ts';
import { parseAdminEmails } from '../auth/admins.ts';
import type { AssetStorage } from '../assets/storage.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { ASSET_UPLOAD_BODY_LIMIT } from '../handlers/assets.ts';
import { IMPORT_BODY_LIMIT } from '../customers/rules.ts';
import { createHandlers } from '../handlers/index.ts';
import { createOcrReader, type OcrReader } from '../expenses/ocr.ts';
import { loadContract } from '../contract.mjs';
import { createSecurityHandlers } from '../security.ts';
import { globalPlugin } from './global.ts';
import { createRateLimits, isRateLimitClass, PUBLIC_RATE_LIMIT_CLASSES, type RateLimitClass } from './rate-limits.ts';

/** Operations that carry files (base64 in JSON, or a CSV's rows), with their own limit; they are authenticated first. */
const UPLOAD_BODY_LIMITS: Record<string, number> = { uploadAsset: ASSET_UPLOAD_BODY_LIMIT, importCustomers: IMPORT_BODY_LIMIT };

type SecurityScheme = 'bearerAuth' | 'firebaseIdToken';
type Operation = { operationId?: string; security?: Array<Record<string, unknown>>; 'x-cita-rate-limit'?: unknown };
type Specification = { paths?: Record<string, Record<string, Operation>>; security?: Array<Record<string, unknown>> };

interface OperationPolicy {
  schemes: SecurityScheme[];
  rateLimit: RateLimitClass;
}

/**
 * Each operation's security schemes and rate-limit class, as the contract declares them (`general`
 * when a signed-in operation declares none). A class the server does not know, or a public operation
 * (no scheme) that declares no public class, stops the server at start: a new public operation must
 * say how it is limited.
 */
export function operationPolicies(specification: Specification): Map<string, OperationPolicy> {
  const policies = new Map<string, OperationPolicy>();
  for (const item of Object.values(specification.paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (!operation?.operationId) continue;
      const requirements = operation.security ?? specification.security ?? [];
      const schemes = requirements.flatMap((requirement) => Object.keys(requirement) as SecurityScheme[]);
      const declared = operation['x-cita-rate-limit'];
      const publicOperation = schemes.length === 0;
      if (publicOperation && (declared === undefined || !PUBLIC_RATE_LIMIT_CLASSES.has(declared as RateLimitClass))) {
        throw new Error(`${operation.operationId} is public: declare its x-cita-rate-limit, one of ${[...PUBLIC_RATE_LIMIT_CLASSES].join(', ')}`);
      }
      const rateLimit = declared ?? 'general';
      if (!isRateLimitClass(rateLimit)) throw new Error(`${operation.operationId}: unknown x-cita-rate-limit ${String(rateLimit)}`);
      policies.set(operation.operationId, { schemes, rateLimit });
    }
  }
  return policies;
}

export interface ApiOptions {
  config: ServerConfig;
  db: Database;
  verifier: IdTokenVerifier;
  assetStorage: AssetStorage;
  secret: () => Promise<string>;
  /** The receipt reader; default: a child process per server (server/expenses/ocr.ts). */
  ocrReader?: OcrReader;
}

/** The API of the contract (openapi/tenant-api.yaml): its routes, validation, authentication and rate limits. */
export const apiPlugin = globalPlugin<ApiOptions>(async (app, { config, db, verifier, assetStorage, secret, ocrReader }) => {
  const specification = loadContract() as Specification;
  const policies = operationPolicies(specification);
  const hooksFor = await createRateLimits(app, config.rateLimit);
  // The receipt reader (OCR in a child process, started on the first scan), stopped with the server.
  const ocr = ocrReader ?? createOcrReader();
  app.addHook('onClose', () => ocr.close());
  const handlers = createHandlers({ config, db, verifier, secret }, assetStorage, ocr);
  const security = createSecurityHandlers({ db, verifier, admins: parseAdminEmails(config.adminEmails), idleSeconds: config.sessionIdleSeconds });
  const authenticate = (schemes: SecurityScheme[]) => async (request: FastifyRequest) => {
    // Every operation of the contract needs exactly one scheme, or none.
    for (const scheme of schemes) await security[scheme](request);
  };
  await app.register(openapiGlue, {
    specification,
    // Authentication runs in onRequest, before the body is read, parsed or validated (an anonymous
    // request costs a header check), instead of openapi-glue's preHandler after validation.
    operationResolver: (operationId: string) => {
      const handler = handlers[operationId as keyof typeof handlers];
      const policy = policies.get(operationId);
      if (!handler || !policy) throw new Error(`No handler for operation ${operationId}`);
      return {
        handler,
        ...hooksFor(policy.rateLimit, authenticate(policy.schemes)),
        ...(UPLOAD_BODY_LIMITS[operationId] ? { bodyLimit: UPLOAD_BODY_LIMITS[operationId] } : {}),
      } as never;
    },
  });
});
