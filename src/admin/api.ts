/**
 * TanStack Query over the shop's HTTP layer (`call` of src/client/http.ts): the same envelope,
 * token pair, refresh and logout codes as the storefront. Queries are keyed by the contract
 * entry's path and their request, so two screens asking the same thing share one answer.
 */
import { QueryClient, keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '../client/http.ts';
import type { AnswerOf, Endpoint, RequestOf } from '../domain/api/endpoint.ts';
import { accountsApi } from '../domain/api/accounts.ts';
import { adminStaffApi } from '../domain/api/admin/staff.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The HTTP layer already retries what is worth retrying and handles the session codes.
        retry: false,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export function queryKey<E extends Endpoint<any, any>>(entry: E, request?: RequestOf<E>): readonly unknown[] {
  return request === undefined ? [entry.path] : [entry.path, request];
}

/** A read of the contract; the request is the query's key too. */
export function useApiQuery<E extends Endpoint<any, any>>(entry: E, request?: RequestOf<E>, options: { enabled?: boolean; silent?: boolean } = {}) {
  return useQuery<AnswerOf<E>>({
    queryKey: queryKey(entry, request),
    queryFn: ({ signal }) => (call as (e: E, r: unknown, o: object) => Promise<AnswerOf<E>>)(entry, request, { signal, silent: options.silent }),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}

/** A write; on success the queries of `invalidates` (contract entries) are read again. */
export function useApiMutation<E extends Endpoint<any, any>>(entry: E, invalidates: readonly Endpoint<any, any>[] = []) {
  const client = useQueryClient();
  return useMutation<AnswerOf<E>, Error, RequestOf<E>>({
    mutationFn: (request) => (call as (e: E, r: unknown) => Promise<AnswerOf<E>>)(entry, request),
    onSuccess: async () => {
      await Promise.all(invalidates.map((other) => client.invalidateQueries({ queryKey: [other.path] })));
    },
  });
}

/** The signed-in user (roles and permission `buttons`); only asked while a token is stored. */
export function useUserInfo(signedIn: boolean) {
  return useQuery({
    queryKey: queryKey(accountsApi.userInfo),
    queryFn: ({ signal }) => call(accountsApi.userInfo, undefined, { signal }),
    enabled: signedIn,
    staleTime: 5 * 60_000,
  });
}

/**
 * The login page's demo quick picks. A failure is nobody's concern (production answers none, an
 * older server has no such call), so it is silent and reads as an empty list.
 */
export function useLoginOptions() {
  return useQuery({
    queryKey: queryKey(adminStaffApi.loginOptions),
    queryFn: async ({ signal }) => {
      try {
        const answer = await call(adminStaffApi.loginOptions, undefined, { signal, silent: true, bare: true });
        return Array.isArray(answer?.demoAccounts) ? answer.demoAccounts : [];
      } catch (error) {
        if (isApiError(error)) return [];
        throw error;
      }
    },
    staleTime: Infinity,
  });
}
