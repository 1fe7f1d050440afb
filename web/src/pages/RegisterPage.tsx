import { useState } from 'react';
import { authApi } from '../api/endpoints';
import { passwordOk, PasswordRules } from '../components/PasswordRules';
import { Link } from '../router';
import { AuthField, AuthForm, EmailField, PasswordField } from './AuthForm';
import { useAuthSubmit } from './useAuthSubmit';

export function RegisterPage() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { error, setError, busy, submit } = useAuthSubmit(() =>
    authApi.register(email, password, name || undefined),
  );

  const checkAndSubmit = () => {
    if (!passwordOk(password)) {
      setError('The password does not meet every rule below the field.');
      return;
    }
    void submit();
  };

  return (
    <AuthForm
      title="Create account"
      error={error}
      busy={busy}
      submitLabel="Create account"
      onSubmit={checkAndSubmit}
      footer={
        <>
          Have an account?{' '}
          <Link to="/login" className="text-indigo-600 underline dark:text-indigo-400">
            Sign in
          </Link>
        </>
      }
    >
      <AuthField
        id="register-name"
        label="Name (optional)"
        autoComplete="name"
        value={name}
        onChange={setName}
      />
      <EmailField id="register-email" value={email} onChange={setEmail} />
      <PasswordField
        id="register-password"
        autoComplete="new-password"
        describedBy="password-rules"
        value={password}
        onChange={setPassword}
      >
        <PasswordRules id="password-rules" password={password} />
      </PasswordField>
    </AuthForm>
  );
}
