/** The frame of the sign-in and registration forms, and their labelled fields. */
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

/** A labelled input of an auth form; `children` follow the input (e.g. the rules it is described by). */
export function AuthField(props: {
  id: string;
  label: string;
  type?: 'email' | 'password';
  autoComplete: string;
  required?: boolean;
  describedBy?: string;
  value: string;
  onChange(value: string): void;
  children?: ReactNode;
}) {
  return (
    <div>
      <label className="label" htmlFor={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        className="input"
        type={props.type}
        autoComplete={props.autoComplete}
        required={props.required}
        aria-describedby={props.describedBy}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.children}
    </div>
  );
}

/** The email field of both forms; password managers take it as the username. */
export function EmailField(props: { id: string; value: string; onChange(value: string): void }) {
  return <AuthField {...props} label="Email" type="email" autoComplete="username" required />;
}

/** The password field of both forms: the current password to sign in, a new one to register. */
export function PasswordField(props: {
  id: string;
  autoComplete: 'current-password' | 'new-password';
  describedBy?: string;
  value: string;
  onChange(value: string): void;
  children?: ReactNode;
}) {
  return <AuthField {...props} label="Password" type="password" required />;
}
