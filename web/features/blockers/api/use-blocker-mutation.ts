import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/web/lib/toast";
import { counterKeys } from "@/web/features/counters/api/get-counters";
import { peopleKeys } from "@/web/features/people/api/people-keys";
import { blockerKeys } from "./blocker-keys";

type Options<Variables, Result> = {
  /** The toast after it worked; none when it returns undefined. */
  successMessage?: (result: Result, variables: Variables) => string | undefined;
  /** The toast when it failed (the server's message by default); false when the caller shows errors itself (a form). */
  errorMessage?: ((error: Error) => string) | false;
  onSuccess?: (result: Result, variables: Variables) => void | Promise<void>;
};

/** A change to a blocker: afterwards every list, page and counter that may show it is read again. */
export function useBlockerMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>, options: Options<Variables, Result> = {}) {
  const queryClient = useQueryClient();
  const { successMessage, errorMessage = (error: Error) => error.message, onSuccess } = options;
  return useMutation({
    mutationFn,
    onSuccess: async (result, variables) => {
      const message = successMessage?.(result, variables);
      if (message) toast.success(message);
      await onSuccess?.(result, variables);
      await Promise.all([blockerKeys.all, counterKeys.all, peopleKeys.details()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (errorMessage) toast.error(errorMessage(error));
    },
  });
}
