// "Try it": an operation sent from the page to this server with the API key typed above — the request a script would
// make (no cookies), its answer shown as it came. The key stays in the page's memory, never stored.
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Textarea } from "@/web/components/ui/textarea";
import { exampleOf, jsonSchemaOf, type Endpoint, type OpenApiDocument, type Schema } from "../openapi";

type Answer = { status: number; statusText: string; body: string; milliseconds: number } | { error: string };

/** The path under which the document's server answers (/api/v1), on this page's own origin. */
const basePathOf = (document: OpenApiDocument) => new URL(document.servers?.[0]?.url ?? "/api/v1", window.location.origin).pathname.replace(/\/$/, "");

/** What a parameter takes, as a hint in its empty field: its choices, or its default. */
function placeholderOf(schema: Schema | undefined): string | undefined {
  if (schema?.enum) return schema.enum.map(String).join(" | ");
  return schema?.default === undefined ? undefined : String(schema.default);
}

/** Sends the operation as a script would (the key, no cookies) and reads its answer, timed. */
async function sendRequest(document: OpenApiDocument, endpoint: Endpoint, request: { apiKey: string; values: Record<string, string>; body: string | undefined }): Promise<Answer> {
  const { values } = request;
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ""));
  const query = new URLSearchParams((endpoint.operation.parameters ?? []).filter((parameter) => parameter.in === "query" && values[parameter.name]).map((parameter) => [parameter.name, values[parameter.name] ?? ""]));
  const headers: Record<string, string> = { Authorization: `Bearer ${request.apiKey}` };
  if (request.body !== undefined) headers["Content-Type"] = "application/json";
  if (values["Idempotency-Key"]) headers["Idempotency-Key"] = values["Idempotency-Key"];
  const started = performance.now();
  try {
    const response = await fetch(`${basePathOf(document)}${path}${query.size > 0 ? `?${query.toString()}` : ""}`, { method: endpoint.method, headers, body: request.body, credentials: "omit" });
    const text = await response.text();
    let shown = text;
    try {
      shown = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // Not JSON: shown as it came.
    }
    return { status: response.status, statusText: response.statusText, body: shown, milliseconds: Math.round(performance.now() - started) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

export function TryIt({ document, endpoint, apiKey }: { document: OpenApiDocument; endpoint: Endpoint; apiKey: string }) {
  const { t } = useTranslation();
  const id = useId();
  const parameters = (endpoint.operation.parameters ?? []).filter((parameter) => parameter.in !== "header" || parameter.name === "Idempotency-Key");
  const bodySchema = jsonSchemaOf(endpoint.operation.requestBody?.content);
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState(() => (bodySchema ? JSON.stringify(exampleOf(document, bodySchema) ?? {}, null, 2) : ""));
  const [answer, setAnswer] = useState<Answer>();
  const [sending, setSending] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setAnswer(await sendRequest(document, endpoint, { apiKey, values, body: bodySchema ? body : undefined }));
    setSending(false);
  }

  return (
    <form onSubmit={(event) => void send(event)} className="grid gap-3 rounded-md border bg-muted/30 p-3" aria-label={t("apiReference.tryItNamed", { operation: endpoint.operation.summary ?? endpoint.operation.operationId })}>
      {parameters.map((parameter) => (
        <div key={`${parameter.in}-${parameter.name}`} className="grid gap-1.5">
          <Label htmlFor={`${id}-${parameter.name}`}>
            <code className="font-mono">{parameter.name}</code>
            <span className="text-xs font-normal text-muted-foreground">
              {" "}
              ({t(`apiReference.in.${parameter.in}`)}
              {parameter.required ? `, ${t("apiReference.required")}` : ""})
            </span>
          </Label>
          <Input id={`${id}-${parameter.name}`} value={values[parameter.name] ?? ""} required={parameter.required} placeholder={placeholderOf(parameter.schema)} onChange={(event) => setValues((current) => ({ ...current, [parameter.name]: event.target.value }))} />
        </div>
      ))}
      {bodySchema && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-body`}>{t("apiReference.body")}</Label>
          <Textarea id={`${id}-body`} className="font-mono text-xs" rows={6} value={body} onChange={(event) => setBody(event.target.value)} spellCheck={false} />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={sending || apiKey.trim() === ""}>
          {t("apiReference.send")}
        </Button>
        {apiKey.trim() === "" && <span className="text-sm text-muted-foreground">{t("apiReference.keyFirst")}</span>}
      </div>
      <div aria-live="polite" className="grid gap-2">
        {answer &&
          ("error" in answer ? (
            <p className="text-sm font-medium text-destructive">{t("apiReference.failed", { error: answer.error })}</p>
          ) : (
            <>
              <p className="text-sm font-medium" data-testid="try-it-status">
                {t("apiReference.answered", { status: `${answer.status} ${answer.statusText}`.trim(), milliseconds: answer.milliseconds })}
              </p>
              <pre className="rounded-md border bg-background p-3 font-mono text-xs break-all whitespace-pre-wrap" data-testid="try-it-body">
                {answer.body}
              </pre>
            </>
          ))}
      </div>
    </form>
  );
}
