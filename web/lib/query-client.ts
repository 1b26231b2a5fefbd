import { QueryClient } from "@tanstack/react-query";
import { ApiError, RETRYABLE_STATUSES } from "./api-error.ts";

export const MAX_READ_RETRIES = 3;

/** Reads are retried (3 times, backing off) only when trying again can help: gateway errors and lost connections. */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_READ_RETRIES) return false;
  if (error instanceof ApiError) return RETRYABLE_STATUSES.has(error.status);
  return error instanceof TypeError; // fetch rejects with TypeError when the network fails
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60 * 1000,
        gcTime: 5 * 60 * 1000,
        retry: shouldRetryRead,
        retryDelay: (attempt) => Math.min(200 * 2 ** attempt, 5000),
      },
      mutations: { retry: false },
    },
  });
}
