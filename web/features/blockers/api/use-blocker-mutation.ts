import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { toast } from "@/web/lib/toast";
import { counterKeys } from "@/web/features/counters/api/get-counters";
import { peopleKeys } from "@/web/features/people/api/people-keys";
import { useTranslation } from "react-i18next";
import type { UndoableChange } from "@/common/blocker-values";
import { blockerKeys } from "./blocker-keys";
import { offerUndo, undoChange } from "../undo";

type Options<Variables, Result> = {
  /** The toast after it worked; none when it returns undefined. */
  successMessage?: (result: Result, variables: Variables) => string | undefined;
  /** The toast when it failed (the server's message by default); false when the caller shows errors itself (a form). */
  errorMessage?: ((error: Error) => string) | false;
  onSuccess?: (result: Result, variables: Variables) => void | Promise<void>;
  /** Draws the change before the server answers (the lists are read again when it settles, whatever the answer). */
  optimistic?: (variables: Variables, queryClient: QueryClient) => Promise<void>;
  /** The change the success toast offers to undo (its blocker and kind); the toast then has an Undo button. */
  undoable?: (result: Result, variables: Variables) => { id: string; change: UndoableChange };
};

/** A change to a blocker: afterwards every list, page and counter that may show it is read again. */
export function useBlockerMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>, options: Options<Variables, Result> = {}) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const { successMessage, errorMessage = (error: Error) => error.message, onSuccess, undoable, optimistic } = options;
  const readAgain = () => Promise.all([blockerKeys.all, counterKeys.all, peopleKeys.details()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn,
    ...(optimistic ? { onMutate: (variables: Variables) => optimistic(variables, queryClient) } : {}),
    onSuccess: async (result, variables) => {
      const message = successMessage?.(result, variables);
      const change = undoable?.(result, variables);
      if (message && change) {
        offerUndo(message, t("blockers.undo.button"), () => {
          undoChange(change).then(
            () => {
              toast.success(t("blockers.undo.done"));
              return readAgain();
            },
            (error: unknown) => toast.error(error instanceof Error ? error.message : String(error)),
          );
        });
      } else if (message) toast.success(message);
      await onSuccess?.(result, variables);
      await readAgain();
    },
    onError: async (error) => {
      if (errorMessage) toast.error(errorMessage(error));
      // What was drawn before the answer is put right.
      if (optimistic) await readAgain();
    },
  });
}
