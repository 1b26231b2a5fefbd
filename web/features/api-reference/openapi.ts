// The part of an OpenAPI 3.1 document the reference page reads (the server's /api/v1/openapi.json), and how it reads
// it: operations by tag, a schema's type in words, its fields, and an example for it.
export type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  example?: unknown;
  default?: unknown;
  format?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: Schema | boolean;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};
export type Parameter = { name: string; in: "path" | "query" | "header"; required?: boolean; description?: string; schema?: Schema };
type Content = { "application/json"?: { schema?: Schema } };
export type Operation = {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Content; required?: boolean };
  responses: Record<string, { description?: string; content?: Content }>;
};
export type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};
export type Endpoint = { method: string; path: string; operation: Operation };

export function endpointsByTag(document: OpenApiDocument): { tag: string; description?: string; endpoints: Endpoint[] }[] {
  const endpoints = Object.entries(document.paths).flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })));
  const tags = document.tags ?? [...new Set(endpoints.flatMap((endpoint) => endpoint.operation.tags ?? []))].map((name): { name: string; description?: string } => ({ name }));
  return tags.map((tag) => ({ tag: tag.name, description: tag.description, endpoints: endpoints.filter((endpoint) => endpoint.operation.tags?.includes(tag.name)) })).filter((group) => group.endpoints.length > 0);
}

const refName = (ref: string) => ref.split("/").at(-1) ?? ref;

/** The schema a $ref names (one level at a time: the components do not refer to themselves). */
export function resolve(document: OpenApiDocument, schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  return document.components?.schemas?.[refName(schema.$ref)];
}

/** A schema's type in words: "string", "integer", "Blocker", "array of Person", "one of open, resolved". */
export function typeOf(document: OpenApiDocument, schema: Schema | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return refName(schema.$ref);
  if (schema.enum) return `one of ${schema.enum.map(String).join(", ")}`;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((variant) => typeOf(document, variant)).join(" or ");
  const types = [schema.type ?? "object"].flat();
  return types
    .map((type) => {
      if (type === "array") return `array of ${typeOf(document, schema.items)}`;
      if (type === "string" && schema.format) return `string (${schema.format})`;
      return type;
    })
    .join(" or ");
}

export type Field = { name: string; type: string; required: boolean; description?: string };

/** The fields of an object schema (its $ref resolved), for a table. */
export function fieldsOf(document: OpenApiDocument, schema: Schema | undefined): Field[] {
  const object = resolve(document, schema);
  return Object.entries(object?.properties ?? {}).map(([name, property]) => ({
    name,
    type: typeOf(document, property),
    required: object?.required?.includes(name) ?? false,
    description: property.description ?? resolve(document, property)?.description,
  }));
}

/** The example the document gives for a schema (its component's), if any. */
export function exampleOf(document: OpenApiDocument, schema: Schema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.example !== undefined) return schema.example;
  const resolved = resolve(document, schema);
  if (resolved?.example !== undefined) return resolved.example;
  if (resolved?.type === "object" && resolved.properties) {
    const entries = Object.entries(resolved.properties).map(([name, property]) => [name, exampleOf(document, property)] as const);
    if (entries.every(([, value]) => value !== undefined)) return Object.fromEntries(entries);
  }
  if (resolved?.type === "array") {
    const item = exampleOf(document, resolved.items);
    return item === undefined ? undefined : [item];
  }
  return undefined;
}

/** The JSON schema of an operation's request body or of one of its answers. */
export const jsonSchemaOf = (content: Content | undefined) => content?.["application/json"]?.schema;
