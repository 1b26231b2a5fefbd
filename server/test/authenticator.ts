// An authenticator app, for the tests: reads the secret from the otpauth:// address Holdup shows as a QR code (or the
// key shown beside it) and gives the current six digits, as the app on someone's phone would.
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

/** The base32 key of an otpauth://totp/… address. */
export const authenticatorKeyOf = (totpURI: string) => new URL(totpURI).searchParams.get("secret") ?? "";

/** The code an authenticator app shows now for this key (base32, spaces allowed, as people type it). */
export const authenticatorCode = (key: string) => createOTP(base32.decode(key.replace(/\s+/g, "").toUpperCase()), { digits: 6, period: 30 }).totp();

/** A code the app shows at no time near now (the current one's digits, each moved by one). */
export const wrongAuthenticatorCode = async (key: string) =>
  (await authenticatorCode(key))
    .split("")
    .map((digit) => String((Number(digit) + 5) % 10))
    .join("");
