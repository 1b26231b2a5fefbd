// A person's picture: the file itself is the request's body (PUT /api/profile/avatar), as its own type.
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from "@/common/avatar";
import type { Profile } from "@/web/features/profile/api/get-profile";
import { api, unwrap } from "@/web/lib/api-client";
import { apiErrorFrom } from "@/web/lib/api-error";

/** Checked here first so a wrong file is named at once; the server checks the same and more (it decodes the image). */
export function problemWithPicture(file: File): "type" | "size" | undefined {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return "type";
  if (file.size > AVATAR_MAX_BYTES) return "size";
  return undefined;
}

export async function uploadAvatar(file: File): Promise<Profile> {
  const response = await fetch("/api/profile/avatar", { method: "PUT", body: file, headers: { "content-type": file.type }, credentials: "same-origin" });
  if (!response.ok) throw await apiErrorFrom(response);
  return (await response.json()) as Profile;
}

export const removeAvatar = () => unwrap(api.profile.avatar.$delete());
