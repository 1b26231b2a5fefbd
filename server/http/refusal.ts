// An operation's "no": thrown by the feature code, turned into a JSON answer (never a 500) by app.ts.
export type RefusalStatus = 400 | 403 | 404 | 409 | 429;

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

export const blockerNotFound = () => new Refusal(404, "blocker_not_found", "This blocker does not exist");
