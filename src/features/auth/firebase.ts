import { getApp, getApps, initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  validatePassword,
  type Auth,
  type PasswordValidationStatus,
  type User,
} from 'firebase/auth';
import { getRuntimeConfig, type RuntimeConfig } from '~/lib/runtime-config';
import { firebaseErrorCode, shouldSignOut } from './auth-errors';

/**
 * The identity provider of SPEC §7 (Firebase Authentication), initialised once from the runtime
 * configuration; with `authEmulatorUrl` it talks to the local Auth emulator.
 */

let auth: Auth | null = null;

function initialise(config: RuntimeConfig): Auth {
  const app = getApps().length ? getApp() : initializeApp(config.firebase);
  const instance = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (config.authEmulatorUrl) connectAuthEmulator(instance, config.authEmulatorUrl, { disableWarnings: true });
  return instance;
}

export function firebaseAuth(): Auth {
  auth ??= initialise(getRuntimeConfig());
  return auth;
}

/** E-mails (reset, verification) go out in the interface language. */
function withLanguage(locale: string | undefined): Auth {
  const instance = firebaseAuth();
  if (locale) instance.languageCode = locale.split('-')[0] ?? null;
  return instance;
}

/**
 * E-mail and password sign-in. In Prism mode (`mockApi` with the Auth emulator, `npm run dev:mock`)
 * any e-mail and password sign in: an e-mail the emulator does not know yet gets its identity created
 * with that password (the mocked API then answers as the contract's example user). Never with the
 * hosted provider.
 */
export async function signInWithEmail(email: string, password: string): Promise<User> {
  try {
    return (await signInWithEmailAndPassword(firebaseAuth(), email, password)).user;
  } catch (error) {
    const { mockApi, authEmulatorUrl } = getRuntimeConfig();
    if (mockApi && authEmulatorUrl && firebaseErrorCode(error) === 'user-not-found') return registerWithEmail(email, password);
    throw error;
  }
}

export async function registerWithEmail(email: string, password: string): Promise<User> {
  return (await createUserWithEmailAndPassword(firebaseAuth(), email, password)).user;
}

/**
 * The social popup. A new popup cancels an earlier one (auth/cancelled-popup-request); a popup the
 * user closes fails with auth/popup-closed-by-user.
 */
export async function signInWithGoogle(locale?: string): Promise<User> {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return (await signInWithPopup(withLanguage(locale), provider)).user;
}

export async function sendPasswordReset(email: string, locale?: string): Promise<void> {
  await sendPasswordResetEmail(withLanguage(locale), email);
}

/** The signed-in provider user once the persisted state is restored, or null. */
export async function currentUser(): Promise<User | null> {
  const instance = firebaseAuth();
  await instance.authStateReady();
  return instance.currentUser;
}

/** The current ID token (refreshed when close to expiry, or always with `forceRefresh`), or null. */
export async function currentIdToken(forceRefresh = false): Promise<string | null> {
  const user = await currentUser();
  if (!user) return null;
  try {
    return await user.getIdToken(forceRefresh);
  } catch (error) {
    // SPEC §8: a disabled account or an expired sign-in ends the provider session.
    if (shouldSignOut(error)) await signOutOfProvider().catch(() => undefined);
    throw error;
  }
}

export async function signOutOfProvider(): Promise<void> {
  await signOut(firebaseAuth());
}

/**
 * The provider's password policy check (default: at least 6 characters). Null when the policy cannot
 * be fetched (e.g. offline): the provider then enforces it at registration.
 */
export async function checkPasswordPolicy(password: string): Promise<PasswordValidationStatus | null> {
  try {
    return await validatePassword(firebaseAuth(), password);
  } catch (error) {
    console.warn('password policy unavailable', firebaseErrorCode(error) ?? error);
    return null;
  }
}
