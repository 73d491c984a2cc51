// The contract as data for the suites that walk it (fuzzing, authorization): every operation with its
// method, path, parameters, example body and response schemas, and checks every response must pass.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadContract } from '../../server/contract.mjs';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Record<string, unknown>;
}

export interface Operation {
  operationId: string;
  method: string;
  /** The contract's path template, e.g. /v1/tenants/{tenantId}/team. */
  path: string;
  parameters: Parameter[];
  /** none: public; bearer: Cita session; firebase: a Firebase ID token. */
  security: 'none' | 'bearer' | 'firebase';
  /** The request example (a valid body), when the operation takes one. */
  example?: unknown;
  hasBody: boolean;
  /** The statuses the contract declares. */
  statuses: string[];
  /** The row of the role matrix (`resource.action`, or `member`) from `x-cita-authorization`. */
  authorization?: string;
}

type RawOperation = {
  operationId: string;
  parameters?: Array<Parameter | { $ref: string }>;
  security?: Array<Record<string, unknown>>;
  requestBody?: { content?: Record<string, { example?: unknown; examples?: Record<string, { value?: unknown }>; schema?: unknown }> };
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
  'x-cita-authorization'?: string;
};

export const contract = loadContract() as {
  paths: Record<string, Record<string, RawOperation>>;
  security?: Array<Record<string, unknown>>;
  components: { parameters: Record<string, Parameter>; schemas: Record<string, Record<string, unknown>> };
};

/** A valid value for a required query parameter (its schema's first meaningful enum value, a uuid, a date, 1). */
export function queryValue(parameter: Parameter): string {
  let schema = parameter.schema ?? {};
  if (typeof schema.$ref === 'string') schema = contract.components.schemas[schema.$ref.split('/').pop()!] ?? {};
  const values = (schema.enum as string[] | undefined)?.filter((value) => !/UNSPECIFIED/.test(value));
  if (values?.[0]) return values[0];
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'date') return '2026-11-23';
  if (schema.type === 'string') return 'x';
  return '1';
}

function resolveParameter(parameter: Parameter | { $ref: string }): Parameter {
  if ('$ref' in parameter) return contract.components.parameters[parameter.$ref.split('/').pop()!]!;
  return parameter;
}

export const operations: Operation[] = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, raw]) => {
      const requirement = Object.keys((raw.security ?? contract.security ?? [])[0] ?? {})[0];
      const json = raw.requestBody?.content?.['application/json'];
      return {
        operationId: raw.operationId,
        method: method.toUpperCase(),
        path,
        parameters: (raw.parameters ?? []).map(resolveParameter),
        security: requirement === 'bearerAuth' ? 'bearer' : requirement === 'firebaseIdToken' ? 'firebase' : 'none',
        example: json?.example ?? Object.values(json?.examples ?? {})[0]?.value,
        hasBody: Boolean(json),
        statuses: Object.keys(raw.responses),
        authorization: raw['x-cita-authorization'],
      } satisfies Operation;
    }),
);

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true, multipleOfPrecision: 9 });
addFormats.default(ajv);
ajv.addSchema(contract as object, 'contract');
const validators = new Map<string, ValidateFunction | null>();

const pointer = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

/** The contract's schema for a 2xx JSON answer of `operation` (null when it declares no JSON body). */
export function responseValidator(operation: Operation, status: number): ValidateFunction | null {
  const key = `${operation.operationId} ${status}`;
  if (!validators.has(key)) {
    const response = contract.paths[operation.path]![operation.method.toLowerCase()]!.responses[String(status)];
    const hasJson = Boolean((response?.content as Record<string, unknown> | undefined)?.['application/json']);
    validators.set(
      key,
      hasJson
        ? ajv.compile({
            $ref: `contract#/paths/${pointer(operation.path)}/${operation.method.toLowerCase()}/responses/${status}/content/${pointer('application/json')}/schema`,
          })
        : null,
    );
  }
  return validators.get(key)!;
}

/** What no error body may reveal: stack frames, SQL, file paths of the server. */
const LEAKS = [/\bat [\w.<>]+ \(/, /node_modules/, /\/work\//, /\.ts:\d+/, /\bSELECT\b.*\bFROM\b/i, /\bINSERT INTO\b/i, /syntax error at or near/, /relation "\w+"/, /violates \w+ constraint/];

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** Checks every answer must pass, whatever the request; returns the failures (empty when fine). */
export function answerProblems(answer: Answer, options: { allow501: boolean }): string[] {
  const failures: string[] = [];
  const { status, headers, text } = answer;
  if (status >= 500 && !(status === 501 && options.allow501)) failures.push(`answered ${status}`);
  if (headers.get('x-content-type-options') !== 'nosniff') failures.push('no X-Content-Type-Options: nosniff');
  const csp = headers.get('content-security-policy') ?? '';
  if (!/frame-ancestors/.test(csp)) failures.push('no CSP frame-ancestors');
  const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  if (/unsafe-inline|unsafe-eval/.test(scripts)) failures.push('CSP allows inline or eval scripts');
  if (!headers.get('strict-transport-security')) failures.push('no Strict-Transport-Security');
  if (status >= 400) {
    if (!/^application\/problem\+json\b/.test(headers.get('content-type') ?? '')) failures.push(`${status} is not problem+json`);
    for (const leak of LEAKS) if (leak.test(text)) failures.push(`error body leaks ${leak}`);
  }
  return failures;
}
