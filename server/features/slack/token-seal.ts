// The Slack bot token at rest: sealed with AES-256-GCM under a key derived from the auth secret (HKDF), so a copy of
// the database alone does not give anyone the power to post as Holdup in a team's Slack. The format names its
// version, so the key or cipher can change later without losing the tokens already kept. Other secrets Holdup keeps
// (GitHub's webhook secrets) are sealed the same way under a key of their own: `purpose` names it.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const keyFrom = (secret: string, purpose: string) => Buffer.from(hkdfSync("sha256", secret, "holdup", purpose, 32));

export type TokenSeal = { seal: (token: string) => string; open: (sealed: string) => string };

export function createTokenSeal(secret: string, purpose = "slack bot token"): TokenSeal {
  const key = keyFrom(secret, purpose);
  return {
    seal(token) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
      return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== VERSION || !iv || !tag || !body) throw new Error("Not a sealed token");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
