// One operation of the API: its method and path, what it does, its parameters and body as tables, its answers with
// examples, and "Try it".
import { useTranslation } from "react-i18next";
import { Badge } from "@/web/components/ui/badge";
import { exampleOf, fieldsOf, jsonSchemaOf, typeOf, type Endpoint, type Field, type OpenApiDocument } from "../openapi";
import { Prose } from "./prose";
import { TryIt } from "./try-it";

export const anchorOf = (endpoint: Endpoint) => `op-${endpoint.operation.operationId}`;

export function MethodBadge({ method }: { method: string }) {
  return (
    <Badge variant={method === "GET" ? "blue" : method === "DELETE" ? "red" : "green"} className="font-mono">
      {method}
    </Badge>
  );
}

function FieldTable({ caption, fields }: { caption: string; fields: Field[] }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-1 text-left text-sm font-semibold">{caption}</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t("apiReference.field")}
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t("apiReference.type")}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t("apiReference.about")}
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name} className="border-t align-top">
              <th scope="row" className="py-1.5 pr-3 font-mono text-xs font-medium">
                {field.name}
                {field.required && <span className="ml-1 font-sans text-muted-foreground">({t("apiReference.required")})</span>}
              </th>
              <td className="py-1.5 pr-3 font-mono text-xs">{field.type}</td>
              <td className="py-1.5 text-muted-foreground">{field.description ? <Prose text={field.description} /> : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Example({ label, value }: { label: string; value: unknown }) {
  if (value === undefined) return null;
  return (
    <figure className="grid gap-1">
      <figcaption className="text-xs font-medium text-muted-foreground">{label}</figcaption>
      <pre className="rounded-md border bg-muted/40 p-3 font-mono text-xs break-all whitespace-pre-wrap">
        {JSON.stringify(value, null, 2)}
      </pre>
    </figure>
  );
}

export function OperationSection({ document, endpoint, apiKey }: { document: OpenApiDocument; endpoint: Endpoint; apiKey: string }) {
  const { t } = useTranslation();
  const { operation } = endpoint;
  const parameters = (operation.parameters ?? []).map((parameter) => ({
    name: parameter.name,
    type: `${typeOf(document, parameter.schema)} · ${t(`apiReference.in.${parameter.in}`)}`,
    required: parameter.required ?? false,
    description: parameter.description ?? parameter.schema?.description,
  }));
  const bodySchema = jsonSchemaOf(operation.requestBody?.content);
  const headingId = `${anchorOf(endpoint)}-title`;
  return (
    <section id={anchorOf(endpoint)} aria-labelledby={headingId} className="grid scroll-mt-4 gap-4 border-t py-6" data-testid="operation">
      <div className="grid gap-1">
        <h3 id={headingId} className="text-lg font-semibold">
          {operation.summary ?? operation.operationId}
        </h3>
        <p className="flex flex-wrap items-center gap-2">
          <MethodBadge method={endpoint.method} />
          <code className="font-mono text-sm break-all">{endpoint.path}</code>
        </p>
        {operation.description && (
          <p className="text-sm text-muted-foreground">
            <Prose text={operation.description} />
          </p>
        )}
      </div>
      {parameters.length > 0 && <FieldTable caption={t("apiReference.parameters")} fields={parameters} />}
      {bodySchema && (
        <div className="grid gap-2">
          <FieldTable caption={t("apiReference.bodyFields", { type: typeOf(document, bodySchema) })} fields={fieldsOf(document, bodySchema)} />
          <Example label={t("apiReference.bodyExample")} value={exampleOf(document, bodySchema)} />
        </div>
      )}
      <div className="grid gap-2">
        <h4 className="text-sm font-semibold">{t("apiReference.answers")}</h4>
        <ul className="grid gap-1 text-sm">
          {Object.entries(operation.responses).map(([status, response]) => (
            <li key={status}>
              <span className="font-mono font-medium">{status}</span> <span className="text-muted-foreground">{response.description}</span>
              {jsonSchemaOf(response.content) && <span className="font-mono text-xs text-muted-foreground"> · {typeOf(document, jsonSchemaOf(response.content))}</span>}
            </li>
          ))}
        </ul>
        {Object.entries(operation.responses)
          .filter(([status]) => status.startsWith("2"))
          .map(([status, response]) => (
            <Example key={status} label={t("apiReference.answerExample", { status })} value={exampleOf(document, jsonSchemaOf(response.content))} />
          ))}
      </div>
      <details className="group rounded-md">
        <summary className="w-fit cursor-pointer rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">{t("apiReference.tryIt")}</summary>
        <div className="mt-3">
          <TryIt document={document} endpoint={endpoint} apiKey={apiKey} />
        </div>
      </details>
    </section>
  );
}
