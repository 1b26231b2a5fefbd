// What a picture upload may be, for the server (which enforces it) and the settings page (which says so first).
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
