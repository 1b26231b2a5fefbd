import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { toast } from "@/web/lib/toast";
import { teamKeys, teamsKeys } from "./team";

/**
 * A change to a team (its members, its invitations, joining or declining one): says so, reads again what it
 * touched — by default the team (its card, members, invitations) and the list of one's teams — and shows a refusal.
 */
export function useTeamMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  successMessage: (input: Input, output: Output) => string,
  options: { refresh?: QueryKey[]; then?: (output: Output) => Promise<void> } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (output, input) => {
      toast.success(successMessage(input, output));
      await Promise.all((options.refresh ?? [teamKeys.all, teamsKeys.all]).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await options.then?.(output);
    },
    onError: (error) => toast.error(error.message),
  });
}
