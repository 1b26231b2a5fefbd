// Where people's pictures are kept: files under DATA_DIR by default, or an S3-compatible bucket when S3_* is set
// (several instances then share them). Pictures are stored as Holdup re-encoded them (WebP, 256 × 256), under a
// random name that is never reused: a picture's address can be cached for good (decision 033).
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.ts";
import { createS3AvatarStore } from "./s3-avatar-store.ts";

/** Where a stored picture is served (server/features/profile/routes.ts); the profile's avatar_url. */
export const AVATAR_URL_PREFIX = "/api/avatars/";
/** The name of a stored picture: a random UUID and the format's extension. */
export const AVATAR_NAME_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

export type AvatarStore = {
  /** Keeps the picture under a new name; answers its address (AVATAR_URL_PREFIX + name). */
  save: (webp: Buffer) => Promise<string>;
  /** The picture at this name, or undefined. */
  read: (name: string) => Promise<Buffer | undefined>;
  /** Forgets the picture at this address (a profile's avatar_url); an address that is not one of ours is ignored. */
  remove: (avatarUrl: string) => Promise<void>;
};

/** What a store does underneath: bytes under a name. */
export type Blobs = { put: (name: string, bytes: Buffer) => Promise<void>; get: (name: string) => Promise<Buffer | undefined>; delete: (name: string) => Promise<void> };

export function avatarStoreOver(blobs: Blobs): AvatarStore {
  return {
    save: async (webp) => {
      const name = `${randomUUID()}.webp`;
      await blobs.put(name, webp);
      return `${AVATAR_URL_PREFIX}${name}`;
    },
    read: async (name) => (AVATAR_NAME_PATTERN.test(name) ? blobs.get(name) : undefined),
    remove: async (avatarUrl) => {
      const name = avatarUrl.startsWith(AVATAR_URL_PREFIX) ? avatarUrl.slice(AVATAR_URL_PREFIX.length) : "";
      if (AVATAR_NAME_PATTERN.test(name)) await blobs.delete(name);
    },
  };
}

/** Files in DATA_DIR/avatars. Names are checked against AVATAR_NAME_PATTERN before they reach a path. */
function fileBlobs(folder: string): Blobs {
  return {
    put: async (name, bytes) => {
      await fs.mkdir(folder, { recursive: true });
      // Written aside, then renamed: a reader never sees half a picture.
      const partial = path.join(folder, `.${name}.partial`);
      await fs.writeFile(partial, bytes);
      await fs.rename(partial, path.join(folder, name));
    },
    get: async (name) => fs.readFile(path.join(folder, name)).catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? undefined : Promise.reject(error))),
    delete: async (name) => fs.rm(path.join(folder, name), { force: true }),
  };
}

export function createAvatarStore(config: Pick<Config, "dataDir" | "s3">): AvatarStore {
  return avatarStoreOver(config.s3 ? createS3AvatarStore(config.s3) : fileBlobs(path.join(config.dataDir, "avatars")));
}
