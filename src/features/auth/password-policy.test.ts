import { describe, expect, it } from 'vitest';
import { passwordPolicyProblems, policyMessages } from './password-policy';

const policy = (options: object) => ({ customStrengthOptions: options, allowedNonAlphanumericCharacters: '!@#' });

describe('password policy', () => {
  it('has nothing to say about a valid password', () => {
    expect(passwordPolicyProblems({ isValid: true, passwordPolicy: policy({ minPasswordLength: 6 }) })).toEqual([]);
  });

  it('names the default minimum length of 6', () => {
    expect(passwordPolicyProblems({ isValid: false, meetsMinPasswordLength: false, passwordPolicy: policy({}) })).toEqual([
      { message: policyMessages.minLength, values: { min: 6 } },
    ]);
  });

  it('lists every requirement the provider policy adds and the password misses', () => {
    const problems = passwordPolicyProblems({
      isValid: false,
      meetsMinPasswordLength: false,
      meetsMaxPasswordLength: false,
      containsLowercaseLetter: true,
      containsUppercaseLetter: false,
      containsNumericCharacter: false,
      containsNonAlphanumericCharacter: false,
      passwordPolicy: policy({ minPasswordLength: 10, maxPasswordLength: 30 }),
    });
    expect(problems.map((problem) => problem.message)).toEqual([
      policyMessages.minLength,
      policyMessages.maxLength,
      policyMessages.uppercase,
      policyMessages.number,
      policyMessages.symbol,
    ]);
    expect(problems[0]?.values).toEqual({ min: 10 });
    expect(problems[1]?.values).toEqual({ max: 30 });
  });
});
