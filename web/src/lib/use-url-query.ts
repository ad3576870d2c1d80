import { useEffect, useMemo } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router-dom';

/**
 * A page's state kept in its URL (filters, sort, tab, period), so a link or Back shows the same page.
 * `parse` reads it from the search parameters, forgiving anything it cannot use; `canonical` writes
 * it back over the current parameters. Parameters the page could not use are dropped at once (a
 * replace, no history step), so the URL always says what is shown. Both functions must be stable
 * (module-level).
 */
export function useUrlQuery<Q>(
  parse: (params: URLSearchParams) => Q,
  canonical: (query: Q, params: URLSearchParams) => URLSearchParams,
): { query: Q; params: URLSearchParams; setParams: SetURLSearchParams } {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parse(params), [parse, params]);
  useEffect(() => {
    const next = canonical(query, params);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [canonical, query, params, setParams]);
  return { query, params, setParams };
}
