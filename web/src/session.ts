/** The signed-in user (GET /api/auth/me) as a query; null when signed out. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from './api/client';
import { authApi } from './api/endpoints';
import type { User } from './api/types';

export const ME_KEY = ['me'] as const;

export function useSession() {
  return useQuery<User | null>({
    queryKey: ME_KEY,
    queryFn: async () => {
      try {
        return await authApi.me();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function useSetSession() {
  const client = useQueryClient();
  return (user: User | null) => {
    if (user === null) client.clear();
    client.setQueryData(ME_KEY, user);
  };
}
