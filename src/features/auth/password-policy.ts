import { defineMessages, type MessageDescriptor } from 'react-intl';

/** The identity provider's password policy check, as translated requirements the password misses. */

export interface PasswordPolicyStatus {
  isValid: boolean;
  meetsMinPasswordLength?: boolean;
  meetsMaxPasswordLength?: boolean;
  containsLowercaseLetter?: boolean;
  containsUppercaseLetter?: boolean;
  containsNumericCharacter?: boolean;
  containsNonAlphanumericCharacter?: boolean;
  passwordPolicy: {
    customStrengthOptions: { minPasswordLength?: number; maxPasswordLength?: number };
    allowedNonAlphanumericCharacters?: string;
  };
}

type PolicyMessage = 'minLength' | 'maxLength' | 'lowercase' | 'uppercase' | 'number' | 'symbol' | 'summary';

export const policyMessages: Record<PolicyMessage, MessageDescriptor> = defineMessages({
  minLength: { id: 'auth.policy.minLength', defaultMessage: 'at least {min, plural, one {# character} other {# characters}}' },
  maxLength: { id: 'auth.policy.maxLength', defaultMessage: 'at most {max, plural, one {# character} other {# characters}}' },
  lowercase: { id: 'auth.policy.lowercase', defaultMessage: 'a lowercase letter' },
  uppercase: { id: 'auth.policy.uppercase', defaultMessage: 'an uppercase letter' },
  number: { id: 'auth.policy.number', defaultMessage: 'a number' },
  symbol: { id: 'auth.policy.symbol', defaultMessage: 'a symbol' },
  summary: { id: 'auth.policy.summary', defaultMessage: 'The password needs {requirements}.' },
});

export interface PolicyProblem {
  message: MessageDescriptor;
  values?: Record<string, number>;
}

/** What the password lacks; empty when it meets the policy. `false` means "required and missing". */
export function passwordPolicyProblems(status: PasswordPolicyStatus): PolicyProblem[] {
  if (status.isValid) return [];
  const options = status.passwordPolicy.customStrengthOptions;
  const problems: PolicyProblem[] = [];
  if (status.meetsMinPasswordLength === false) problems.push({ message: policyMessages.minLength, values: { min: options.minPasswordLength ?? 6 } });
  if (status.meetsMaxPasswordLength === false && options.maxPasswordLength !== undefined) {
    problems.push({ message: policyMessages.maxLength, values: { max: options.maxPasswordLength } });
  }
  if (status.containsLowercaseLetter === false) problems.push({ message: policyMessages.lowercase });
  if (status.containsUppercaseLetter === false) problems.push({ message: policyMessages.uppercase });
  if (status.containsNumericCharacter === false) problems.push({ message: policyMessages.number });
  if (status.containsNonAlphanumericCharacter === false) problems.push({ message: policyMessages.symbol });
  return problems;
}
