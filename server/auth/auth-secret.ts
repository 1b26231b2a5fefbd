import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** AUTH_SECRET when set; otherwise a secret generated on first start and kept (readable by the owner only) in the data directory. */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const secretPath = path.join(dataDir, "auth-secret");
  if (fs.existsSync(secretPath)) return fs.readFileSync(secretPath, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  fs.writeFileSync(secretPath, secret, { mode: 0o600 });
  return secret;
}
