import { useState } from 'react';
import { errorMessage } from '../api/client';
import { authApi } from '../api/endpoints';
import { passwordOk, PasswordRules } from '../components/PasswordRules';
import { Link, navigate } from '../router';
import { useSetSession } from '../session';
import { AuthForm } from './AuthForm';
import { nextPath } from './LoginPage';

export function RegisterPage() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const setSession = useSetSession();

  const submit = async () => {
    if (!passwordOk(password)) {
      setError('The password does not meet every rule below the field.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { user } = await authApi.register(email, password, name || undefined);
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
      title="Create account"
      error={error}
      busy={busy}
      submitLabel="Create account"
      onSubmit={submit}
      footer={
        <>
          Have an account?{' '}
          <Link to="/login" className="text-indigo-600 underline dark:text-indigo-400">
            Sign in
          </Link>
        </>
      }
    >
      <div>
        <label className="label" htmlFor="register-name">
          Name (optional)
        </label>
        <input
          id="register-name"
          className="input"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div>
        <label className="label" htmlFor="register-email">
          Email
        </label>
        <input
          id="register-email"
          className="input"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div>
        <label className="label" htmlFor="register-password">
          Password
        </label>
        <input
          id="register-password"
          className="input"
          type="password"
          autoComplete="new-password"
          required
          aria-describedby="password-rules"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordRules id="password-rules" password={password} />
      </div>
    </AuthForm>
  );
}
