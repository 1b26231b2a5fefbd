// An operation's "no": thrown by the feature code, turned into a JSON answer (never a 500) by app.ts.
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;

export class Refusal extends Error {
  constructor(
    readonly status: RefusalStatus,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const VALIDATION_MESSAGE = "Some fields are not valid";

/** A 400 naming one field, in the same shape as the zod validation of every route (server/http/validate.ts). */
export const fieldRefusal = (field: string, message: string) => new Refusal(400, "validation_failed", VALIDATION_MESSAGE, { fields: { [field]: [message] } });

export const blockerNotFound = () => new Refusal(404, "blocker_not_found", "This blocker does not exist");
export const profileNotFound = () => new Refusal(404, "profile_not_found", "Profile not found");
