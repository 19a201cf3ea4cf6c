import { filtersFromParams, filtersToParams, hasSearchParams, type SearchFilters } from '#shared/search';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The submitted search lives in the URL (shareable, survives a reload): `null` until the first
 * search. `submit` writes new filters to the URL.
 */
export function useSearchUrl(): { submitted: SearchFilters | null; submit: (filters: SearchFilters) => void } {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const submitted = useMemo(() => {
    const current = new URLSearchParams(key);
    return hasSearchParams(current) ? filtersFromParams(current) : null;
  }, [key]);
  const submit = useCallback((filters: SearchFilters) => setParams(filtersToParams(filters)), [setParams]);
  return { submitted, submit };
}
