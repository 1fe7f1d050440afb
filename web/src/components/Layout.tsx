/** The app frame: navigation, theme toggle, the user and sign-out; pages fill the rest. */
import type { ReactNode } from 'react';
import { authApi } from '../api/endpoints';
import type { User } from '../api/types';
import { Link, navigate, useLocation } from '../router';
import { useSetSession } from '../session';
import { ThemeToggle } from './ThemeToggle';

const NAV = [
  { to: '/', label: 'Workflows' },
  { to: '/executions', label: 'Executions' },
  { to: '/credentials', label: 'Credentials' },
  { to: '/teams', label: 'Teams' },
  { to: '/variables', label: 'Variables' },
];

export function Layout({ user, children }: { user: User; children: ReactNode }) {
  const { path } = useLocation();
  const setSession = useSetSession();
  const logout = async () => {
    await authApi.logout().catch(() => undefined);
    setSession(null);
    navigate('/login', { replace: true });
  };
  return (
    <div className="flex h-screen flex-col">
      <header className="flex items-center gap-4 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
        <Link to="/" className="text-lg font-bold tracking-tight text-indigo-600 dark:text-indigo-400">
          Skein
        </Link>
        <nav aria-label="Main" className="flex gap-1">
          {NAV.map((item) => {
            const current =
              item.to === '/' ? path === '/' || path.startsWith('/workflows') : path.startsWith(item.to);
            return (
              <Link
                key={item.to}
                to={item.to}
                aria-current={current ? 'page' : undefined}
                className={`rounded px-2 py-1 text-sm ${current ? 'bg-slate-200 font-semibold dark:bg-slate-800' : 'hover:bg-slate-100 dark:hover:bg-slate-900'}`}
              >
                {item.label}
              </Link>
            );
          })}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          <span className="text-sm text-slate-600 dark:text-slate-300" data-testid="current-user">
            {user.email}
          </span>
          <button type="button" className="btn" onClick={logout}>
            Sign out
          </button>
        </div>
      </header>
      <main className="min-h-0 flex-1 overflow-auto">{children}</main>
    </div>
  );
}
