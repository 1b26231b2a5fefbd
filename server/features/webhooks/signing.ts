// Standard Webhooks' signing (https://www.standardwebhooks.com): a secret is "whsec_" and the base64 of its key's
// bytes; a message is signed as HMAC-SHA256 of "id.timestamp.body" under the decoded key, sent as
// `webhook-signature: v1,<base64>` (several, space-separated, while a rotated secret still signs). Secrets are kept
// sealed (AES-256-GCM, a key derived from the auth secret): a copy of the database does not let anyone forge events.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { WEBHOOK_SECRET_PREFIX } from "../../../common/webhooks.ts";

/** 32 random bytes: Standard Webhooks asks for 24 to 64. */
const SECRET_BYTES = 32;

export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString("base64")}`;

/** A delivery's id and `webhook-id`: "msg_" and 16 random bytes, url-safe. */
export const newMessageId = () => `msg_${randomBytes(16).toString("base64url")}`;

/** The `webhook-signature` header's value: one `v1,` signature per secret that signs. */
export function signatureHeader(secrets: string[], messageId: string, timestampSeconds: number, body: string): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), "base64");
      return `v1,${createHmac("sha256", key).update(`${messageId}.${timestampSeconds}.${body}`).digest("base64")}`;
    })
    .join(" ");
}

const VERSION = "v1";

export type SecretSeal = { seal: (secret: string) => string; open: (sealed: string) => string };

export function createSecretSeal(authSecret: string): SecretSeal {
  const key = Buffer.from(hkdfSync("sha256", authSecret, "holdup", "webhook signing secret", 32));
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
      return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== VERSION || !iv || !tag || !body) throw new Error("Not a sealed webhook secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
