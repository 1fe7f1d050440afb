/** Submitting the sign-in and registration forms: busy state, error message, session and redirect. */
import { useState } from 'react';
import { errorMessage } from '../api/client';
import type { User } from '../api/types';
import { navigate } from '../router';
import { useSetSession } from '../session';

/** Where to go after signing in: the `next` query parameter when it is a local path, else `/`. */
export function nextPath(): string {
  const next = new URLSearchParams(location.search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/**
 * `submit` runs `request` (busy meanwhile), then signs the user in and goes to `nextPath()`, or
 * shows the request's error. `setError` shows a message of the page's own (a failed check).
 */
export function useAuthSubmit(request: () => Promise<{ user: User }>) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const setSession = useSetSession();

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const { user } = await request();
      setSession(user);
      navigate(nextPath(), { replace: true });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return { error, setError, busy, submit };
}
