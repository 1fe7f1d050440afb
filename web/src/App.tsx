/** Routes: sign-in pages for visitors, the app (dashboard, editor, pages) for signed-in users. */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setSessionLostHandler } from './api/client';
import { Layout } from './components/Layout';
import { CredentialsPage } from './pages/CredentialsPage';
import { DashboardPage } from './pages/DashboardPage';
import { EditorPage } from './pages/EditorPage';
import { ExecutionsPage } from './pages/ExecutionsPage';
import { HistoryPage } from './pages/HistoryPage';
import { LoginPage } from './pages/LoginPage';
import { RegisterPage } from './pages/RegisterPage';
import { TeamsPage } from './pages/TeamsPage';
import { VariablesPage } from './pages/VariablesPage';
import { match, navigate, useLocation } from './router';
import { ME_KEY, useSession } from './session';

export function App() {
  const { path } = useLocation();
  const session = useSession();
  const client = useQueryClient();

  useEffect(() => {
    setSessionLostHandler(() => {
      // Not a cache clear: the failing query may still be in flight and must settle.
      client.setQueryData(ME_KEY, null);
      if (!['/login', '/register'].includes(location.pathname)) {
        navigate(`/login?next=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
      }
    });
  }, [client]);

  const publicPage = path === '/login' || path === '/register';
  const user = session.data;
  useEffect(() => {
    if (session.isPending) return;
    if (!user && !publicPage)
      navigate(`/login?next=${encodeURIComponent(path + location.search)}`, { replace: true });
    if (user && publicPage) navigate('/', { replace: true });
  }, [user, publicPage, path, session.isPending]);

  if (session.isPending) return <p className="p-6 text-sm">Loading…</p>;
  if (path === '/login') return <LoginPage />;
  if (path === '/register') return <RegisterPage />;
  if (!user) return null;

  let params: Record<string, string> | null;
  let page: React.ReactNode;
  if ((params = match('/workflows/:id/history', path))) page = <HistoryPage workflowId={params.id!} />;
  else if ((params = match('/workflows/:id', path)))
    page = <EditorPage key={params.id} workflowId={params.id!} user={user} />;
  else if (path === '/executions') page = <ExecutionsPage />;
  else if (path === '/credentials') page = <CredentialsPage user={user} />;
  else if (path === '/teams') page = <TeamsPage user={user} />;
  else if (path === '/variables') page = <VariablesPage />;
  else page = <DashboardPage user={user} />;
  return <Layout user={user}>{page}</Layout>;
}
