/** The frame of the sign-in and registration forms. */
import type { FormEvent, ReactNode } from 'react';
import { ThemeToggle } from '../components/ThemeToggle';

export function AuthForm(props: {
  title: string;
  error: string | null;
  busy: boolean;
  submitLabel: string;
  onSubmit(): void;
  children: ReactNode;
  footer: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 p-4 dark:bg-slate-950">
      <div className="absolute right-4 top-4">
        <ThemeToggle />
      </div>
      <form
        onSubmit={submit}
        className="card w-full max-w-sm space-y-4"
        aria-labelledby="auth-title"
        noValidate
      >
        <h1 id="auth-title" className="text-xl font-bold">
          <span className="text-indigo-600 dark:text-indigo-400">Skein</span> · {props.title}
        </h1>
        {props.children}
        {props.error && (
          <p
            role="alert"
            className="rounded bg-rose-50 p-2 text-sm text-rose-700 dark:bg-rose-950 dark:text-rose-200"
          >
            {props.error}
          </p>
        )}
        <button type="submit" className="btn btn-primary w-full justify-center" disabled={props.busy}>
          {props.submitLabel}
        </button>
        <p className="text-center text-sm">{props.footer}</p>
      </form>
    </div>
  );
}
