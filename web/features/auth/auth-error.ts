import type { WeakPasswordReason } from "@/common/auth-rules";
import { errorTextOf } from "@/web/lib/api-error";

export type AuthFailure = { message: string; code?: string; status?: number; weakPasswordReasons: WeakPasswordReason[] };

/** Reads a failed auth call (better-auth client error or our JSON body) into what the form shows. */
export function authFailureOf(error: unknown): AuthFailure {
  const record = typeof error === "object" && error !== null ? (error as Record<string, unknown>) : {};
  const weak = record.weak_password as { reasons?: WeakPasswordReason[] } | undefined;
  return {
    message: errorTextOf(record) ?? "Unknown error",
    code: typeof record.code === "string" ? record.code : undefined,
    status: typeof record.status === "number" ? record.status : undefined,
    weakPasswordReasons: Array.isArray(weak?.reasons) ? weak.reasons : [],
  };
}
