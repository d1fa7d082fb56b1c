/**
 * A dashboard card's status read (the mail outbox, the site build): quiet when it fails (the card
 * then shows nothing), polled while the status says work is pending, and replaced in place by the
 * fresh status an action (retry, rebuild) answers with.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../client/http.ts';
import type { Endpoint, NoRequest } from '../../../domain/api/endpoint.ts';
import { queryKey } from '../../api.ts';

export function usePolledStatus<Status>(entry: Endpoint<NoRequest, Status, 'GET'>, pollMs: number, pending: (status: Status) => boolean) {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: queryKey(entry),
    queryFn: ({ signal }) => call(entry, undefined, { signal, silent: true }),
    refetchInterval: (query) => (query.state.data !== undefined && pending(query.state.data) ? pollMs : false),
  });
  return { data: status.data, replace: (next: Status) => client.setQueryData(queryKey(entry), next) };
}
