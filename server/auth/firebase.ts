// Verifies Firebase ID tokens (firebase-admin) at login/register. Offline and in tests the Auth
// emulator plays Firebase; its tokens are unsigned, so the verifier refuses to exist in production
// while the emulator is configured.
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** `password`, `google.com`, … (the token's `firebase.sign_in_provider`). */
  signInProvider: string;
}

export interface IdTokenVerifier {
  /** Rejects with InvalidIdTokenError for a bad, expired, revoked or forged token (answer 401). */
  verify(idToken: string): Promise<VerifiedIdentity>;
  readonly usesEmulator: boolean;
  /**
   * Whether the identity provider answers, for /healthz: the emulator is asked (a cheap local GET);
   * with Firebase, the outcome of the last verification is reported (`down` from a failure to reach
   * Google until the next verification succeeds), so health checks never call Google.
   */
  health(): Promise<{ up: boolean; reason?: string }>;
  close(): Promise<void>;
}

export interface IdTokenVerifierOptions {
  projectId: string;
  /** `host:port` of the Auth emulator; FIREBASE_AUTH_EMULATOR_HOST is used when omitted. */
  emulatorHost?: string;
  production: boolean;
}

/** The token is not a valid ID token of this project: the client must sign in again (401). */
export class InvalidIdTokenError extends Error {
  override readonly name = 'InvalidIdTokenError';
  constructor(
    /** firebase-admin's code, e.g. `auth/id-token-expired`, for logs; never decide on the message. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The token could not be checked (Google's keys or the emulator unreachable): retry later (503). */
export class IdentityProviderUnavailableError extends Error {
  override readonly name = 'IdentityProviderUnavailableError';
}

const INVALID_TOKEN_CODES = new Set([
  'auth/argument-error',
  'auth/invalid-argument',
  'auth/invalid-id-token',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/user-disabled',
  'auth/user-not-found',
]);
const MAX_TOKEN_LENGTH = 16_384;

export function createIdTokenVerifier({ projectId, emulatorHost, production }: IdTokenVerifierOptions): IdTokenVerifier {
  if (!projectId) throw new Error('createIdTokenVerifier: a Firebase project id is required (FIREBASE_PROJECT_ID).');
  const envHost = process.env.FIREBASE_AUTH_EMULATOR_HOST || undefined;
  if (emulatorHost && envHost && emulatorHost !== envHost) {
    throw new Error(`Two Auth emulators configured: ${emulatorHost} and FIREBASE_AUTH_EMULATOR_HOST=${envHost}.`);
  }
  const host = emulatorHost || envHost;
  assertNotEmulatedInProduction(production, host);
  if (host && !projectId.startsWith('demo-')) {
    throw new Error(
      `Refusing to start: the Auth emulator (${host}) is configured for "${projectId}", which is not a demo- project. ` +
        'The emulator issues unsigned tokens: it may only play a demo-… project.',
    );
  }
  if (production && projectId.startsWith('demo-')) {
    throw new Error(`Refusing to start: "${projectId}" is an emulator-only demo project; set FIREBASE_PROJECT_ID to the real project in production.`);
  }
  // firebase-admin reads only the environment variable, on every call.
  if (host) process.env.FIREBASE_AUTH_EMULATOR_HOST = host;

  // A named app with just the project id: verifying ID tokens needs no service account.
  const app = initializeApp({ projectId }, `cita-auth-${randomUUID()}`);
  const auth = getAuth(app);
  let lastFailure: string | undefined;

  return {
    usesEmulator: Boolean(host),
    async health() {
      const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
      if (emulatorHost) {
        try {
          const response = await fetch(`http://${emulatorHost}/`, { signal: AbortSignal.timeout(1_000) });
          if (response.ok) return { up: true };
          return { up: false, reason: `The Auth emulator at ${emulatorHost} answers ${response.status}.` };
        } catch {
          return { up: false, reason: `The Auth emulator at ${emulatorHost} cannot be reached.` };
        }
      }
      return lastFailure ? { up: false, reason: lastFailure } : { up: true };
    },
    async verify(idToken) {
      if (typeof idToken !== 'string' || idToken.length === 0 || idToken.length > MAX_TOKEN_LENGTH) {
        throw new InvalidIdTokenError('auth/argument-error', 'The ID token is missing or too long.');
      }
      // Checked per call too, since firebase-admin would silently accept unsigned tokens if the
      // variable appeared later.
      const emulated = Boolean(process.env.FIREBASE_AUTH_EMULATOR_HOST);
      assertNotEmulatedInProduction(production, process.env.FIREBASE_AUTH_EMULATOR_HOST);
      try {
        // checkRevoked: a token issued before "sign out everywhere" at Firebase, a disabled or deleted
        // user, is refused. firebase-admin then looks the user up (in production that needs the
        // server's Google credentials; the emulator needs none).
        const decoded = await auth.verifyIdToken(idToken, true);
        if (emulated) {
          // Unsigned tokens: at least refuse one whose e-mail claims differ from the user record. Not a
          // security boundary (a consistent forgery passes): that is what the production check is for.
          const user = await auth.getUser(decoded.uid);
          if ((user.email ?? null) !== (decoded.email ?? null) || user.emailVerified !== (decoded.email_verified === true)) {
            throw new InvalidIdTokenError('auth/invalid-id-token', 'The ID token does not match its user record.');
          }
        }
        lastFailure = undefined;
        return {
          uid: decoded.uid,
          email: decoded.email ?? null,
          emailVerified: decoded.email_verified === true,
          signInProvider: decoded.firebase.sign_in_provider,
        };
      } catch (error) {
        const classified = classify(error);
        if (classified instanceof IdentityProviderUnavailableError) lastFailure = 'Firebase Authentication could not be reached to verify a sign-in.';
        throw classified;
      }
    },
    close: () => deleteApp(app),
  };
}

function assertNotEmulatedInProduction(production: boolean, emulatorHost: string | undefined) {
  if (production && emulatorHost) {
    throw new Error(
      `Refusing to start: FIREBASE_AUTH_EMULATOR_HOST (${emulatorHost}) is set in production. ` +
        'The Auth emulator issues unsigned ID tokens that anyone can forge.',
    );
  }
}

function classify(error: unknown): Error {
  if (error instanceof InvalidIdTokenError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code !== 'string') return error instanceof Error ? error : new Error(message);
  // firebase-admin reports a failure to download Google's public keys as an argument error.
  if (/fetching public keys|error while making request/i.test(message) || code.startsWith('app/network') || code === 'auth/internal-error') {
    return new IdentityProviderUnavailableError(`Could not verify the ID token: ${message}`, { cause: error });
  }
  if (INVALID_TOKEN_CODES.has(code)) return new InvalidIdTokenError(code, message);
  return error instanceof Error ? error : new Error(message);
}
