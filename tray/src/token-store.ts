// Where the tray keeps its token (decision 042): the OS keychain where there is one (macOS Keychain, Windows
// Credential Manager, the Secret Service on Linux desktops, through @napi-rs/keyring), else a file only its user may
// read (0600) in the tray's own directory. One token per server: a tray pointed at another server signs in there.
import fs from "node:fs/promises";
import path from "node:path";
import { loadKeyring, type Keyring } from "./tray-files.ts";

export type TokenStore = { load: () => Promise<string | undefined>; save: (token: string) => Promise<void>; clear: () => Promise<void> };

const SERVICE = "Holdup tray";
/**
 * On Linux, the Secret Service (GNOME Keyring, KWallet) only: left to choose, the keychain's library falls back to the
 * kernel's keyring, which a reboot empties — the tray would ask to sign in again after every restart. Without a
 * Secret Service the 0600 file keeps the token instead.
 */
const KEYCHAIN = { linux: { store: "secret-service" } } as const;

/** The file form: `{ "<server>": "<token>" }`, written whole, readable by its owner alone. */
export function fileTokenStore(file: string, serverUrl: string): TokenStore {
  const read = async (): Promise<Record<string, string>> => {
    try {
      const parsed: unknown = JSON.parse(await fs.readFile(file, "utf8"));
      return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, string>) : {};
    } catch {
      return {};
    }
  };
  const write = async (tokens: Record<string, string>) => {
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temporary, JSON.stringify(tokens), { mode: 0o600 });
    await fs.rename(temporary, file);
  };
  return {
    load: async () => (await read())[serverUrl],
    save: async (token) => write({ ...(await read()), [serverUrl]: token }),
    clear: async () => {
      const { [serverUrl]: _gone, ...rest } = await read();
      await write(rest);
    },
  };
}

/**
 * The keychain when it answers, the file `tokens.json` in the tray's `directory` otherwise (a Linux box without a
 * Secret Service, a CI runner).
 */
export async function tokenStore(directory: string, serverUrl: string, log: (message: string) => void = () => undefined): Promise<TokenStore> {
  const file = path.join(directory, "tokens.json");
  const fallback = fileTokenStore(file, serverUrl);
  let keyring: Keyring;
  try {
    keyring = await loadKeyring(directory);
    const probe = new keyring.Entry(SERVICE, serverUrl, KEYCHAIN);
    probe.getPassword();
  } catch (error) {
    log(`No keychain (${error instanceof Error ? error.message : String(error)}): the token is kept in ${file}, readable only by you`);
    return fallback;
  }
  const entry = new keyring.Entry(SERVICE, serverUrl, KEYCHAIN);
  return {
    load: async () => entry.getPassword() ?? undefined,
    save: async (token) => entry.setPassword(token),
    clear: async () => void entry.deletePassword(),
  };
}
