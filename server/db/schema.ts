export * from "./auth-schema.ts";
export * from "./app-schema.ts";
