// The picture in "About you": choose a PNG, JPEG or WebP file (up to 2 MB) and it is uploaded at once; or remove it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ImageUp, Trash2 } from "lucide-react";
import { useId, useRef, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "@/web/app/auth-context";
import { PersonAvatar } from "@/web/components/person-avatar";
import { Button } from "@/web/components/ui/button";
import { profileKeys } from "@/web/features/profile/api/get-profile";
import { toast } from "@/web/lib/toast";
import { problemWithPicture, removeAvatar, uploadAvatar } from "../api/avatar";

export function AvatarField() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { profile, refreshUser } = useAuth();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [problem, setProblem] = useState<string>();
  const done = async (message: string) => {
    setProblem(undefined);
    await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    // The session's copy of the account carries the picture too (the specification's storage_avatar_url).
    await refreshUser();
    toast.success(message);
  };
  const upload = useMutation({ mutationFn: uploadAvatar, onSuccess: () => done(t("settings.personal.avatarSaved")), onError: (error) => setProblem(error.message) });
  const remove = useMutation({ mutationFn: removeAvatar, onSuccess: () => done(t("settings.personal.avatarRemoved")), onError: (error) => setProblem(error.message) });

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ""; // the same file can be chosen again after a refusal
    if (!file) return;
    const wrong = problemWithPicture(file);
    if (wrong) return setProblem(t(wrong === "type" ? "settings.personal.avatarWrongType" : "settings.personal.avatarTooLarge"));
    upload.mutate(file);
  }

  const busy = upload.isPending || remove.isPending;
  return (
    <div className="flex flex-wrap items-center gap-4">
      {profile && <PersonAvatar person={profile} className="size-16 text-lg" />}
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={busy} aria-describedby={hintId} onClick={() => input.current?.click()}>
            <ImageUp aria-hidden="true" />
            {upload.isPending ? t("settings.personal.avatarUploading") : t("settings.personal.avatarUpload")}
          </Button>
          {profile?.avatarUrl && (
            <Button type="button" variant="ghost" disabled={busy} onClick={() => remove.mutate()}>
              <Trash2 aria-hidden="true" />
              {t("settings.personal.avatarRemove")}
            </Button>
          )}
        </div>
        <input ref={input} type="file" accept="image/png,image/jpeg,image/webp" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={choose} data-testid="avatar-file" />
        <p id={hintId} className="text-sm text-muted-foreground">
          {t("settings.personal.avatarHint")}
        </p>
        {problem && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
