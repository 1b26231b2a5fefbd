// /docs/api: the public API's reference, drawn from the server's own OpenAPI document (/api/v1/openapi.json) by
// Holdup's components — accessible like the rest of the app, nothing loaded from elsewhere (decision 040). Each
// operation can be tried with an API key typed at the top, against this server.
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { Logo } from "@/web/components/brand/logo";
import { ThemeToggle } from "@/web/components/brand/theme-toggle";
import { QueryError } from "@/web/components/query-error";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Skeleton } from "@/web/components/ui/skeleton";
import { usePageTitle } from "@/web/lib/use-page-title";
import { anchorOf, OperationSection } from "../components/operation-section";
import { Prose } from "../components/prose";
import { endpointsByTag, fieldsOf, type OpenApiDocument } from "../openapi";

async function loadDocument(): Promise<OpenApiDocument> {
  const response = await fetch("/api/v1/openapi.json", { credentials: "omit" });
  if (!response.ok) throw new Error(`The API's description could not be loaded (${response.status})`);
  return (await response.json()) as OpenApiDocument;
}

export default function ApiReferencePage() {
  const { t } = useTranslation();
  usePageTitle(t("apiReference.title"));
  const document = useQuery({ queryKey: ["openapi"], queryFn: loadDocument, staleTime: Number.POSITIVE_INFINITY });
  const [apiKey, setApiKey] = useState("");
  const keyId = useId();
  return (
    <div className="min-h-svh bg-background">
      <header className="flex items-center justify-between border-b px-4 py-3 md:px-8">
        <Link to={paths.home} className="rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <Logo />
        </Link>
        <ThemeToggle />
      </header>
      {document.isPending ? (
        <main className="mx-auto grid max-w-5xl gap-4 p-4 md:p-8" aria-busy="true">
          <h1 className="text-2xl font-semibold">{t("apiReference.title")}</h1>
          <Skeleton className="h-24" aria-hidden="true" />
          <Skeleton className="h-64" aria-hidden="true" />
        </main>
      ) : document.isError ? (
        <main className="mx-auto max-w-5xl p-4 md:p-8">
          <h1 className="mb-4 text-2xl font-semibold">{t("apiReference.title")}</h1>
          <QueryError error={document.error} onRetry={() => void document.refetch()} />
        </main>
      ) : (
        <Reference document={document.data} apiKey={apiKey} keyField={<KeyField id={keyId} value={apiKey} onChange={setApiKey} />} />
      )}
    </div>
  );
}

function KeyField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1.5 rounded-md border p-3">
      <Label htmlFor={id}>{t("apiReference.key")}</Label>
      <Input id={id} type="password" autoComplete="off" spellCheck={false} placeholder="hk_…" value={value} onChange={(event) => onChange(event.target.value)} aria-describedby={`${id}-hint`} />
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t("apiReference.keyHint")}{" "}
        <Link className="font-medium text-foreground underline underline-offset-4" to={paths.settingsPersonal}>
          {t("apiReference.keyLink")}
        </Link>
      </p>
    </div>
  );
}

function Reference({ document, apiKey, keyField }: { document: OpenApiDocument; apiKey: string; keyField: React.ReactNode }) {
  const { t } = useTranslation();
  const groups = endpointsByTag(document);
  const models = Object.entries(document.components?.schemas ?? {});
  return (
    <div className="mx-auto grid max-w-6xl gap-8 p-4 md:grid-cols-[14rem_1fr] md:p-8">
      <nav aria-label={t("apiReference.contents")} className="md:sticky md:top-4 md:max-h-[calc(100svh-2rem)] md:self-start md:overflow-y-auto">
        <ul className="grid gap-4 text-sm">
          {groups.map((group) => (
            <li key={group.tag}>
              <a href={`#tag-${group.tag}`} className="font-semibold hover:underline">
                {group.tag}
              </a>
              <ul className="mt-1 grid gap-1">
                {group.endpoints.map((endpoint) => (
                  <li key={anchorOf(endpoint)}>
                    <a href={`#${anchorOf(endpoint)}`} className="flex items-center gap-2 rounded px-1 py-0.5 text-muted-foreground hover:bg-muted hover:text-foreground">
                      <span className="w-10 shrink-0 font-mono text-xs font-semibold">{endpoint.method}</span>
                      <span>{endpoint.operation.summary ?? endpoint.operation.operationId}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          <li>
            <a href="#models" className="font-semibold hover:underline">
              {t("apiReference.models")}
            </a>
          </li>
        </ul>
      </nav>
      <main className="grid min-w-0 gap-6">
        <div className="grid gap-3">
          <h1 className="text-3xl font-semibold tracking-tight">{document.info.title}</h1>
          <p className="text-sm text-muted-foreground">
            {t("apiReference.version", { version: document.info.version })} · <code className="font-mono">{document.servers?.[0]?.url}</code> ·{" "}
            <a className="underline underline-offset-4" href="/api/v1/openapi.json">
              {t("apiReference.download")}
            </a>
          </p>
          {document.info.description?.split("\n").filter(Boolean).map((paragraph) => (
            <p key={paragraph} className="max-w-prose text-sm leading-6">
              <Prose text={paragraph} />
            </p>
          ))}
          {keyField}
        </div>
        {groups.map((group) => (
          <section key={group.tag} id={`tag-${group.tag}`} aria-labelledby={`tag-${group.tag}-title`} className="grid scroll-mt-4 gap-2">
            <h2 id={`tag-${group.tag}-title`} className="text-2xl font-semibold">
              {group.tag}
            </h2>
            {group.description && <p className="text-sm text-muted-foreground">{group.description}</p>}
            {group.endpoints.map((endpoint) => (
              <OperationSection key={anchorOf(endpoint)} document={document} endpoint={endpoint} apiKey={apiKey} />
            ))}
          </section>
        ))}
        <section id="models" aria-labelledby="models-title" className="grid scroll-mt-4 gap-4">
          <h2 id="models-title" className="text-2xl font-semibold">
            {t("apiReference.models")}
          </h2>
          {models.map(([name, schema]) => (
            <div key={name} className="grid gap-2 border-t pt-4">
              <h3 className="text-lg font-semibold">
                <code className="font-mono">{name}</code>
              </h3>
              {schema.description && <p className="text-sm text-muted-foreground">{schema.description}</p>}
              <ModelFields document={document} name={name} />
            </div>
          ))}
        </section>
      </main>
    </div>
  );
}

function ModelFields({ document, name }: { document: OpenApiDocument; name: string }) {
  const { t } = useTranslation();
  const fields = fieldsOf(document, { $ref: `#/components/schemas/${name}` });
  if (fields.length === 0) return null;
  return (
    <ul className="grid gap-1 text-sm">
      {fields.map((field) => (
        <li key={field.name}>
          <code className="font-mono text-xs font-medium">{field.name}</code> <span className="font-mono text-xs text-muted-foreground">{field.type}</span>
          {field.required && <span className="text-xs text-muted-foreground"> ({t("apiReference.required")})</span>}
          {field.description && (
            <span className="text-muted-foreground">
              {" "}
              — <Prose text={field.description} />
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
