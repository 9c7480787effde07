import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { isIsoDate } from '@/lib/dates';

/** What a list's URL parameter may hold: free text, an id, a yyyy-MM-dd day, or one of a few values. */
type ParamKind = 'text' | 'id' | 'date' | readonly (string | number)[];
type ParamSpec = Record<string, ParamKind>;
type ParamValue<K> = K extends readonly (infer V extends string | number)[] ? `${V}` | '' : string;
export type ListFilters<S extends ParamSpec> = { [K in keyof S]: ParamValue<S[K]> };

const POSITIVE_INTEGER = /^[1-9]\d*$/;

function accepts(kind: ParamKind, raw: string): boolean {
  if (kind === 'text') return true;
  if (kind === 'id') return POSITIVE_INTEGER.test(raw);
  if (kind === 'date') return isIsoDate(raw);
  return kind.some((value) => String(value) === raw);
}

/** A page number from the URL; anything but a positive integer is the first page. */
function readPage(raw: string | null): number {
  return raw !== null && POSITIVE_INTEGER.test(raw) ? Number(raw) : 1;
}

/**
 * A list's page and filters, kept in the URL (?page=3&search=bolt&location=4) so that a reload,
 * Back or a shared link opens the same view. A value the list cannot take reads as none; the
 * first page and empty filters stay out of the URL.
 */
export function useListParams<const S extends ParamSpec>(spec: S) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  // In the browser the window's address is the router's: once it names another page, this list
  // was left (it stays on screen while the next page loads), and a change it makes late (a search
  // typed just before a link was followed) must not land on that page's URL.
  const inBrowser = window.location.pathname === pathname;
  const page = readPage(params.get('page'));
  const query = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string stands for params
  const filters = useMemo(() => {
    const read: Record<string, string> = {};
    for (const [key, kind] of Object.entries(spec)) {
      const raw = params.get(key) ?? '';
      read[key] = accepts(kind, raw) ? raw : '';
    }
    return read as ListFilters<S>;
  }, [query]);

  const update = useCallback(
    (changes: Record<string, string | number | undefined>, replace: boolean) => {
      if (inBrowser && window.location.pathname !== pathname) return;
      const next = new URLSearchParams(params);
      for (const [key, value] of Object.entries(changes)) {
        const text = value === undefined ? '' : String(value);
        if (text === '' || (key === 'page' && text === '1')) next.delete(key);
        else next.set(key, text);
      }
      // The same view again (a date retyped) adds no history entry.
      if (next.toString() !== params.toString()) setParams(next, { replace });
    },
    [params, setParams, inBrowser, pathname],
  );

  return {
    page,
    filters,
    /** Another page of the same view: a new history entry, so Back returns to this one. */
    setPage: useCallback((to: number) => update({ page: to }, false), [update]),
    /** The list's own correction (past the last page): it replaces the entry, Back skips it. */
    replacePage: useCallback((to: number) => update({ page: to }, true), [update]),
    /** New filters start again from the first page; `replace` refines the view Back returns from. */
    setFilters: useCallback(
      (changes: Partial<ListFilters<S>>, options?: { replace?: boolean }) =>
        update({ ...changes, page: 1 }, options?.replace ?? false),
      [update],
    ),
  };
}
