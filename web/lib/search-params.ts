import { useSearchParams } from "react-router";

/**
 * Filters kept in the address: reads them, and sets or removes some. By default without a new history entry (a
 * filter of a list is not a page to go back to: the resolved list, the team board); `history: "push"` makes each
 * change a step the back button undoes (the reports, whose views are shared and compared).
 */
export function useAddressFilters(options: { history: "replace" | "push" } = { history: "replace" }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const replace = options.history === "replace";
  const setFilters = (values: Record<string, string | undefined>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(values)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace },
    );
  const setFilter = (name: string, value: string | undefined) => setFilters({ [name]: value });
  const clearFilters = () => setSearchParams(new URLSearchParams(), { replace });
  return { searchParams, setFilter, setFilters, clearFilters };
}
