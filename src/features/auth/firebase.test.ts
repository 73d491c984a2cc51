import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMULATOR_DEFAULTS, setRuntimeConfig } from '~/lib/runtime-config';

const auth = vi.hoisted(() => ({
  signIn: vi.fn(),
  create: vi.fn(),
}));
vi.mock('firebase/app', () => ({ getApps: () => [], getApp: vi.fn(), initializeApp: vi.fn(() => ({})) }));
vi.mock('firebase/auth', async (original) => ({
  ...(await original<typeof import('firebase/auth')>()),
  initializeAuth: vi.fn(() => ({})),
  connectAuthEmulator: vi.fn(),
  signInWithEmailAndPassword: auth.signIn,
  createUserWithEmailAndPassword: auth.create,
}));

const { signInWithEmail } = await import('./firebase');
const providerError = (code: string) => Object.assign(new Error(code), { code: `auth/${code}` });
const user = { email: 'new@example.com' };

describe('signInWithEmail', () => {
  beforeEach(() => {
    auth.signIn.mockReset();
    auth.create.mockReset();
    auth.create.mockResolvedValue({ user });
  });
  afterEach(() => setRuntimeConfig(null));

  it('in Prism mode with the emulator, an unknown e-mail gets its identity created with that password', async () => {
    setRuntimeConfig({ ...EMULATOR_DEFAULTS, mockApi: true });
    auth.signIn.mockRejectedValue(providerError('user-not-found'));
    await expect(signInWithEmail('new@example.com', 'secret-42')).resolves.toBe(user);
    expect(auth.create).toHaveBeenCalledWith(expect.anything(), 'new@example.com', 'secret-42');
  });

  it('never outside Prism mode, nor with the hosted provider', async () => {
    auth.signIn.mockRejectedValue(providerError('user-not-found'));
    setRuntimeConfig(EMULATOR_DEFAULTS);
    await expect(signInWithEmail('new@example.com', 'secret-42')).rejects.toMatchObject({ code: 'auth/user-not-found' });
    setRuntimeConfig({ ...EMULATOR_DEFAULTS, authEmulatorUrl: null, mockApi: true });
    await expect(signInWithEmail('new@example.com', 'secret-42')).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect(auth.create).not.toHaveBeenCalled();
  });

  it('a wrong password for a known e-mail stays an error in Prism mode', async () => {
    setRuntimeConfig({ ...EMULATOR_DEFAULTS, mockApi: true });
    auth.signIn.mockRejectedValue(providerError('wrong-password'));
    await expect(signInWithEmail('ana@example.com', 'nope')).rejects.toMatchObject({ code: 'auth/wrong-password' });
    expect(auth.create).not.toHaveBeenCalled();
  });
});
