// A list read in pages with the API's cursor: the first page for the current filters, then
// "Load more" appends the next ones and holds still while new objects arrive.

import { useEffect, useState } from 'preact/hooks';
import { api, query } from '../../api/client.js';
import { asApiError, useLoad, type Loaded } from '../../components/use-load.js';

export const PAGE_SIZE = '50';

export interface Paged<T> {
  first: Loaded<unknown>;
  rows: T[];
  next: string | undefined;
  loadingMore: boolean;
  moreError: { message: string } | undefined;
  loadMore: () => Promise<void>;
  /** From the first page again, after an action changed the list. */
  reload: () => void;
}

export function usePaged<T>(path: string, filters: Readonly<Record<string, string | undefined>>, rowsOf: (page: unknown) => T[]): Paged<T> {
  const key = query(filters);
  const first = useLoad(() => api<{ next?: string }>('GET', `${path}${query({ ...filters, limit: PAGE_SIZE })}`), [key]);
  const [more, setMore] = useState<{ next?: string }[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<{ message: string }>();
  useEffect(() => setMore([]), [key]);
  const pages = first.data ? [first.data, ...more] : [];
  const next = pages.at(-1)?.next;
  const loadMore = async () => {
    if (!next || loadingMore) return;
    setLoadingMore(true);
    setMoreError(undefined);
    try {
      const page = await api<{ next?: string }>('GET', `${path}${query({ ...filters, limit: PAGE_SIZE, cursor: next })}`);
      setMore((m) => [...m, page]);
    } catch (e) {
      setMoreError(asApiError(e));
    } finally {
      setLoadingMore(false);
    }
  };
  const reload = () => {
    setMore([]);
    first.reload();
  };
  return { first, rows: pages.flatMap(rowsOf), next, loadingMore, moreError, loadMore, reload };
}
