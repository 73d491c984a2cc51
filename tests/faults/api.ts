/* eslint-disable @typescript-eslint/no-explicit-any -- the API's JSON answers, of many shapes */
// A bare HTTP client for the fault suites: every request is recorded with what the client saw
// (a status and body, or no answer at all), since a request without an answer may or may not have
// been applied by a server that died meanwhile.
import { randomUUID } from 'node:crypto';
import { newSessionToken } from '../../server/auth/session-token.ts';
import { openDatabase, type OpenOptions } from '../../server/db/database.ts';

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

export interface Recorded {
  method: string;
  path: string;
  key?: string;
  body?: unknown;
  /** The answer, or undefined when none came (connection refused or reset, timeout). */
  answer?: Answer;
  error?: string;
}

export class Api {
  readonly log: Recorded[] = [];
  constructor(
    public baseUrl: string,
    private readonly token: string,
  ) {}

  /** Sends one request; never throws for a missing answer (it is recorded as such). */
  async send(method: string, path: string, options: { body?: unknown; key?: string; timeoutMs?: number } = {}): Promise<Recorded> {
    const record: Recorded = { method, path, ...(options.key ? { key: options.key } : {}), ...(options.body !== undefined ? { body: options.body } : {}) };
    this.log.push(record);
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.key) headers['idempotency-key'] = options.key;
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
      });
      const text = await response.text();
      record.answer = { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
    } catch (error) {
      record.error = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    }
    return record;
  }

  /** A request that must succeed with `status` (setup and verification, not the load). */
  async ok(method: string, path: string, status: number, options: { body?: unknown; key?: string } = {}): Promise<any> {
    const { answer, error } = await this.send(method, path, options);
    if (!answer || answer.status !== status) {
      throw new Error(`${method} ${path}: expected ${status}, got ${answer ? `${answer.status} ${JSON.stringify(answer.body)}` : error}`);
    }
    return answer.body;
  }

  /** Every item of a paginated list (`{ items, total }`). */
  async listAll(path: string): Promise<any[]> {
    const items: any[] = [];
    const separator = path.includes('?') ? '&' : '?';
    for (let offset = 0; ; offset += 200) {
      const page = await this.ok('GET', `${path}${separator}limit=200&offset=${offset}`, 200);
      items.push(...page.items);
      if (page.items.length < 200 || items.length >= page.total) return items;
    }
  }
}

/** A user with a verified e-mail and a session (an owner-to-be), written straight into a new database (no identity provider needed). */
export async function seedOwner(options: OpenOptions, email = `faults-${randomUUID()}@example.com`): Promise<{ token: string; userId: string }> {
  const db = await openDatabase(options);
  try {
    const session = newSessionToken();
    const userId = await db.withSystem(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(`INSERT INTO users (email, status, name, email_verified) VALUES ($1, 'USER_STATUS_ACTIVE', 'Owner', true) RETURNING id`, [email]);
      await tx.query(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [session.hash, rows[0]!.id]);
      return rows[0]!.id;
    });
    return { token: session.token, userId };
  } finally {
    await db.close();
  }
}

/** A business owned by the caller (`extra`: more of the tenant's fields, e.g. its address and tax id). */
export async function createBusiness(api: Api, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const body = await api.ok('POST', '/v1/tenants', 201, { body: { tenant: { businessName: name, email: `${randomUUID()}@example.com`, ...extra } } });
  return body.tenant.id as string;
}
