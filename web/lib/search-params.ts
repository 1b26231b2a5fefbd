import { useSearchParams } from "react-router";

/**
 * Filters kept in the address: reads them, and sets or removes one without a new history entry (a filter change
 * is not a page to go back to). The resolved list and the team board use it.
 */
export function useAddressFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const setFilter = (name: string, value: string | undefined) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const clearFilters = () => setSearchParams(new URLSearchParams(), { replace: true });
  return { searchParams, setFilter, clearFilters };
}
