// One error type for every failed call, whichever service answered, with the text found where §8 says to look.
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields: FieldErrors = {},
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Gateway answers: the request may succeed if tried again. */
export const RETRYABLE_STATUSES = new Set([502, 503, 504]);

/** Error text is read from msg, message, error_description or error, in that order (specification §8). */
export function errorTextOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ["msg", "message", "error_description", "error"]) {
    const value = record[key];
    if (typeof value === "string" && value.trim() !== "") return value;
    if (key === "error" && typeof value === "object" && value !== null) return errorTextOf(value);
  }
  return undefined;
}

export async function apiErrorFrom(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const fields = typeof record.fields === "object" && record.fields !== null ? (record.fields as FieldErrors) : {};
  const code = typeof record.code === "string" ? record.code : undefined;
  return new ApiError(response.status, errorTextOf(body) ?? (response.statusText || "Unknown error"), code, fields, body);
}


/**
 * What a form shows of a failed call: each field's errors beside the field, and the message in the form's alert only
 * when no field was named (a named field's message is already shown beside it).
 */
export function formErrorsOf(error: Error | null): { fields: FieldErrors; message: string | undefined } {
  const fields = error instanceof ApiError ? error.fields : {};
  return { fields, message: error && Object.keys(fields).length === 0 ? error.message : undefined };
}
