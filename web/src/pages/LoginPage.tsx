import { useState } from 'react';
import { authApi } from '../api/endpoints';
import { Link } from '../router';
import { AuthForm, EmailField, PasswordField } from './AuthForm';
import { useAuthSubmit } from './useAuthSubmit';

export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { error, busy, submit } = useAuthSubmit(() => authApi.login(email, password));

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
      <EmailField id="login-email" value={email} onChange={setEmail} />
      <PasswordField
        id="login-password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
    </AuthForm>
  );
}
