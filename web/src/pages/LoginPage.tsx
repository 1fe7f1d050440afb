import { useState } from 'react';
import { errorMessage } from '../api/client';
import { authApi } from '../api/endpoints';
import { Link, navigate } from '../router';
import { useSetSession } from '../session';
import { AuthForm } from './AuthForm';

export function nextPath(): string {
  const next = new URLSearchParams(location.search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const setSession = useSetSession();

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const { user } = await authApi.login(email, password);
      setSession(user);
      navigate(nextPath(), { replace: true });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthForm
      title="Sign in"
      error={error}
      busy={busy}
      submitLabel="Sign in"
      onSubmit={submit}
      footer={
        <>
          No account?{' '}
          <Link to="/register" className="text-indigo-600 underline dark:text-indigo-400">
            Create one
          </Link>
        </>
      }
    >
      <div>
        <label className="label" htmlFor="login-email">
          Email
        </label>
        <input
          id="login-email"
          className="input"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div>
        <label className="label" htmlFor="login-password">
          Password
        </label>
        <input
          id="login-password"
          className="input"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
    </AuthForm>
  );
}
