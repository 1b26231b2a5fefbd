// A person's picture: uploaded as a PNG, JPEG or WebP file of at most 2 MB, decoded and re-encoded by sharp (256 ×
// 256 WebP, without the file's metadata), so what teammates' browsers load is always an image Holdup made, never
// the uploaded bytes. The account's picture (better-auth's `image`, the specification's storage_avatar_url) and the
// profile's avatar_url both point at it. Decision 033.
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { member, profiles, user } from "../../db/schema.ts";
import { Refusal } from "../../http/refusal.ts";
import type { EventHub } from "../../realtime/event-hub.ts";
import type { AvatarStore } from "../../storage/avatar-store.ts";

/** Larger than any camera's photo (50 megapixels), smaller than what a few kilobytes of PNG can claim to be. */
const MAX_INPUT_PIXELS = 50_000_000;
export const AVATAR_SIZE = 256;

const notAnImage = () => new Refusal(415, "unsupported_image", "Choose a PNG, JPEG or WebP image");

/** The picture as Holdup keeps it, or a refusal: not one of the three formats, or not an image at all, or too large. */
export async function reencodeAvatar(upload: Buffer): Promise<Buffer> {
  // Loaded on the first upload only: sharp's native library is not part of every start-up.
  const { default: sharp } = await import("sharp");
  // failOn "error": a truncated or corrupt file is refused rather than drawn half grey; animated: first frame only.
  const image = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false });
  const tooManyPixels = () => new Refusal(413, "image_too_large", "This image has too many pixels: choose one under 50 megapixels");
  const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);
  let format: string | undefined;
  try {
    // The header only: how large the image says it is is known before anything is decoded.
    const metadata = await image.metadata();
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) throw tooManyPixels();
    format = metadata.format;
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw isPixelLimit(error) ? tooManyPixels() : notAnImage();
  }
  // By what the bytes are, whatever the file said it was: an SVG (which can carry script), a GIF or a TIFF is refused.
  if (format !== "png" && format !== "jpeg" && format !== "webp") throw notAnImage();
  try {
    return await image.rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" }).webp({ quality: 82 }).toBuffer();
  } catch (error) {
    throw isPixelLimit(error) ? tooManyPixels() : notAnImage();
  }
}

/** The person's picture is now this one (or none); the one before is forgotten. Answers the profile. */
export async function setAvatar(deps: { db: Database; events: EventHub; avatars: AvatarStore }, authId: string, upload: Buffer | null) {
  const avatarUrl = upload ? await deps.avatars.save(await reencodeAvatar(upload)) : null;
  const teams = await deps.db.select({ id: member.organizationId }).from(member).where(eq(member.userId, authId));
  const { before, profile } = await deps.events.changeData(deps.db, { userIds: [authId], teamIds: teams.map((team) => team.id) }, async (tx) => {
    const [previous] = await tx.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.authId, authId)).for("update");
    await tx.update(user).set({ image: avatarUrl }).where(eq(user.id, authId));
    const [updated] = await tx.update(profiles).set({ avatarUrl }).where(eq(profiles.authId, authId)).returning();
    return { before: previous?.avatarUrl ?? null, profile: updated };
  });
  if (before) await deps.avatars.remove(before);
  return profile;
}
