// better-auth answers some refusals with no body at all: its router's 404 for a path it does not know (an empty
// token in /reset-password/, a disabled endpoint), its 401 when an endpoint needs a session. A refusal without a
// reason is no answer for a client: each gets Holdup's JSON shape, with the code and message it had, if any.
const REASONS: Record<number, { code: string; message: string }> = {
  400: { code: "bad_request", message: "Bad request" },
  401: { code: "session_not_found", message: "Auth session missing" },
  403: { code: "forbidden", message: "Not allowed" },
  404: { code: "not_found", message: "Not found" },
  405: { code: "method_not_allowed", message: "This method is not allowed here" },
  415: { code: "unsupported_media_type", message: "Send the body as JSON (Content-Type: application/json)" },
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const nonEmpty = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

function parsed(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}

export async function withReason(response: Response): Promise<Response> {
  if (response.status < 400 || response.status >= 500) return response;
  const text = await response.clone().text();
  const body = parsed(text);
  if (nonEmpty(body.message)) return response;
  const fallback = REASONS[response.status] ?? { code: "request_refused", message: response.statusText || "Request refused" };
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  const reasoned = { ...body, code: nonEmpty(body.code) ? body.code : fallback.code, message: fallback.message };
  return new Response(JSON.stringify(reasoned), { status: response.status, headers });
}
