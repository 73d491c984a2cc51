import { describe, expect, it } from 'vitest';
import { asProblem, isNetworkError, isStaleVersion, problemFieldErrors, problemFormErrors, problemKind, problemStatus } from './api-problem.ts';

const problem = (status: number, extra: object = {}) => ({ type: 'about:blank', title: 'x', status, ...extra });

describe('asProblem / problemStatus', () => {
  it('reads problem+json bodies', () => {
    expect(problemStatus(problem(422))).toBe(422);
    expect(asProblem(problem(409, { code: 'email_taken' }))?.code).toBe('email_taken');
  });

  it('is null for anything else', () => {
    expect(problemStatus(new TypeError('Failed to fetch'))).toBeNull();
    expect(problemStatus('Bad gateway')).toBeNull();
    expect(problemStatus({ status: 200 })).toBeNull();
    expect(problemStatus(null)).toBeNull();
  });
});

describe('problemFieldErrors', () => {
  it('turns JSON pointers into form paths without the wrapper', () => {
    const error = problem(422, {
      errors: [
        { field: '/tenant/address/city', code: 'max_length', message: 'too long' },
        { field: '/tenant/opening_hours/weekly/monday/0/end', code: 'end_before_start', message: 'bad' },
        { field: 'tenantId', code: 'format', message: 'bad' },
      ],
    });
    expect(problemFieldErrors(error, 'tenant').map((item) => item.path)).toEqual([
      'address.city',
      'opening_hours.weekly.monday.0.end',
      'tenantId',
    ]);
  });

  it('ignores malformed entries and non-problems', () => {
    expect(problemFieldErrors(problem(422, { errors: [{ nope: true }] }))).toEqual([]);
    expect(problemFieldErrors(new Error('x'))).toEqual([]);
  });
});

describe('problemKind', () => {
  it('sorts failures into what the user is told', () => {
    expect(problemKind(new TypeError('Failed to fetch'))).toBe('network');
    expect(isNetworkError(new TypeError('x'))).toBe(true);
    expect(problemKind(problem(400))).toBe('validation');
    expect(problemKind(problem(422))).toBe('validation');
    expect(problemKind(problem(409))).toBe('conflict');
    expect(problemKind(problem(403))).toBe('forbidden');
    expect(problemKind(problem(429))).toBe('rate-limited');
    expect(problemKind(problem(503))).toBe('server');
    expect(problemKind(new Error('ZodError'))).toBe('server');
  });
});

describe('problemFormErrors', () => {
  it('renames API fields to form fields and keeps only known ones, once each', () => {
    const error = problem(422, {
      errors: [
        { field: '/tenant/phoneNumber', code: 'pattern', message: '' },
        { field: '/tenant/opening_hours/weekly/monday/0/end', code: 'end_before_start', message: '' },
        { field: '/tenant/opening_hours/weekly/tuesday/1/start', code: 'overlap', message: '' },
        { field: '/tenant/businessName', code: 'max_length', message: '' },
        { field: '/tenant/logoAssetId', code: 'unknown_asset', message: '' },
      ],
    });
    expect(
      problemFormErrors(error, {
        wrapper: 'tenant',
        fieldMap: { phoneNumber: 'phone.number', opening_hours: 'schedule' },
        known: ['phone.number', 'schedule', 'businessName'],
      }),
    ).toEqual([
      { field: 'phone.number', code: 'pattern' },
      { field: 'schedule', code: 'end_before_start' },
      { field: 'businessName', code: 'max_length' },
    ]);
  });
});

describe('isStaleVersion', () => {
  it('is true only for a 409 whose problem code is stale_version', () => {
    expect(isStaleVersion({ status: 409, code: 'stale_version' })).toBe(true);
    expect(isStaleVersion({ status: 409, code: 'duplicate_name' })).toBe(false);
    expect(isStaleVersion({ status: 422, code: 'stale_version' })).toBe(false);
    expect(isStaleVersion(new TypeError('offline'))).toBe(false);
  });
});
