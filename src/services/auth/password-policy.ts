import type { FieldError } from '../../core/errors.js';

/** Spec 5.4: every broken rule is reported, so the user can fix them all at once. */
const RULES: { test: (password: string) => boolean; message: string }[] = [
  { test: (p) => [...p].length >= 8, message: 'must be at least 8 characters long' },
  { test: (p) => /[A-Z]/.test(p), message: 'must contain an uppercase letter (A-Z)' },
  { test: (p) => /[a-z]/.test(p), message: 'must contain a lowercase letter (a-z)' },
  { test: (p) => /[0-9]/.test(p), message: 'must contain a digit (0-9)' },
];

export function passwordPolicyErrors(password: string, path = '/password'): FieldError[] {
  return RULES.filter((rule) => !rule.test(password)).map((rule) => ({ path, message: rule.message }));
}
