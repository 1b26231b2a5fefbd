// Another team of the person's own (POST /api/teams): a name, then the tab switches to it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import type { ApiError } from "@/web/lib/api-error";
import { toast } from "@/web/lib/toast";
import { createTeam, teamsKeys } from "../api/team";

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (teamId: string) => void };

export function CreateTeamDialog({ open, onOpenChange, onCreated }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const create = useMutation({
    mutationFn: createTeam,
    onSuccess: async (team) => {
      await queryClient.invalidateQueries({ queryKey: teamsKeys.all });
      onOpenChange(false);
      setName("");
      toast.success(t("sidebar.team.created", { name: team?.name }));
      if (team) onCreated(team.id);
    },
  });
  const fieldError = (create.error as ApiError | null)?.fields?.name?.[0];

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(name);
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t("sidebar.team.createTitle")}</DialogTitle>
          <DialogDescription>{t("sidebar.team.createDescription")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormAlert>{create.error && !fieldError ? create.error.message : undefined}</FormAlert>
          <FormField label={t("onboarding.team.label")} error={fieldError} hint={t("onboarding.team.hint")}>
            {(control) => <Input {...control} autoComplete="organization" value={name} onChange={(event) => setName(event.target.value)} />}
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={create.isPending}>
              {t("onboarding.team.create")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
