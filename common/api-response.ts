import type { ClientResponse } from "hono/client";

/** The body type of a typed client's successful (200/201) answer: what `unwrap` and the tests' `okJson` return. */
export type SuccessBody<R> = R extends ClientResponse<infer Body, infer Status, string> ? (Status extends 200 | 201 ? Body : never) : never;
export type AnyClientResponse = ClientResponse<unknown, number, string>;
