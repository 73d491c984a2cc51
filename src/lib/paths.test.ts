import { describe, expect, it } from 'vitest';
import { isUnderPath } from './paths.ts';

describe('isUnderPath', () => {
  it('matches the path itself and its sub-paths', () => {
    expect(isUnderPath('/login', '/login')).toBe(true);
    expect(isUnderPath('/login/', '/login')).toBe(true);
    expect(isUnderPath('/login/sso', '/login')).toBe(true);
  });

  it('ignores the /es-ES prefix', () => {
    expect(isUnderPath('/es-ES/login', '/login')).toBe(true);
    expect(isUnderPath('/es-ES/login/forgot-password', '/login')).toBe(true);
    expect(isUnderPath('/es-ES', '/')).toBe(true);
  });

  it('does not match look-alike or nested paths', () => {
    expect(isUnderPath('/login-help', '/login')).toBe(false);
    expect(isUnderPath('/customers/login', '/login')).toBe(false);
    expect(isUnderPath('/es-ESX/login', '/login')).toBe(false);
    expect(isUnderPath('/', '/login')).toBe(false);
  });
});
