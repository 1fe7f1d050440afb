/** The password policy (spec 5.4), checked as the user types. */
export const PASSWORD_RULES = [
  { id: 'length', label: 'At least 8 characters', test: (p: string) => p.length >= 8 },
  { id: 'upper', label: 'An uppercase letter (A-Z)', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'A lowercase letter (a-z)', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', label: 'A digit (0-9)', test: (p: string) => /[0-9]/.test(p) },
] as const;

export const passwordOk = (password: string) => PASSWORD_RULES.every((rule) => rule.test(password));

export function PasswordRules({ password, id }: { password: string; id: string }) {
  return (
    <ul id={id} aria-label="Password rules" className="mt-2 space-y-0.5 text-xs">
      {PASSWORD_RULES.map((rule) => {
        const ok = rule.test(password);
        return (
          <li
            key={rule.id}
            data-rule={rule.id}
            data-ok={ok}
            className={ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-500 dark:text-slate-400'}
          >
            <span aria-hidden="true">{ok ? '✓' : '○'}</span> {rule.label}
            <span className="sr-only">{ok ? ' (met)' : ' (not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
