// A stand-in for an S3-compatible bucket, which cannot be reached from here: a local HTTP server taking the three
// object calls Holdup makes (PUT, GET, DELETE on /bucket/key, path-style), refusing any request whose AWS Signature
// V4 does not match what the same credentials would sign (re-signed here with aws4fetch), as S3 does (403).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { AwsV4Signer } from "aws4fetch";
import { keepIdleConnectionsLongerThanClients } from "../http/keep-alive.ts";

export async function startS3StandIn(options: { bucket: string; accessKeyId: string; secretAccessKey: string; region: string }) {
  const objects = new Map<string, Buffer>();
  const refused: string[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? "/", `http://${request.headers.host}`);
    const authorization = String(request.headers.authorization ?? "");
    const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(";") ?? [];
    const headers = new Headers();
    for (const name of signedHeaders) if (typeof request.headers[name] === "string") headers.set(name, request.headers[name]);
    const expected = await new AwsV4Signer({
      method: request.method,
      url: url.toString(),
      headers,
      body: body.length > 0 ? new Uint8Array(body) : undefined,
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: "s3",
      datetime: String(request.headers["x-amz-date"] ?? ""),
    }).sign();
    if (!authorization.includes(`Credential=${options.accessKeyId}/`) || expected.headers.get("authorization") !== authorization) {
      refused.push(`${request.method} ${url.pathname}`);
      response.writeHead(403, { "content-type": "application/xml" }).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
      return;
    }
    const [, bucket, ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    if (bucket !== options.bucket) return void response.writeHead(404, { "content-type": "application/xml" }).end("<Error><Code>NoSuchBucket</Code></Error>");
    if (request.method === "PUT") {
      objects.set(key, body);
      return void response.writeHead(200, { etag: '"stand-in"' }).end();
    }
    if (request.method === "GET") {
      const object = objects.get(key);
      if (!object) return void response.writeHead(404, { "content-type": "application/xml" }).end("<Error><Code>NoSuchKey</Code></Error>");
      return void response.writeHead(200, { "content-type": "image/webp", "content-length": object.length }).end(object);
    }
    if (request.method === "DELETE") {
      objects.delete(key);
      return void response.writeHead(204).end();
    }
    response.writeHead(405).end();
  });
  keepIdleConnectionsLongerThanClients(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
