import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/web/lib/toast";
import { notificationKeys } from "./notification-keys";

/** Marking read (one or all); the list and the sidebar's count are read again afterwards. */
export function useMarkRead<Variables>(mutationFn: (variables: Variables) => Promise<unknown>, successMessage?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      if (successMessage) toast.success(successMessage);
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: (error) => toast.error(error.message),
  });
}
