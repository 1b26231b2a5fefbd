// Pictures in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, …), signed with AWS Signature V4 by aws4fetch
// (a small, dependency-free signer on fetch; the AWS SDK would add megabytes to the server bundle and its start-up
// for three calls: decision 033). Objects are addressed by path (endpoint/bucket/name), which every such service takes.
import { AwsClient } from "aws4fetch";
import type { Config } from "../config.ts";
import type { Blobs } from "./avatar-store.ts";

export function createS3AvatarStore(s3: NonNullable<Config["s3"]>): Blobs {
  const client = new AwsClient({ accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, region: s3.region, service: "s3" });
  const objectUrl = (name: string) => `${s3.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(s3.bucket)}/${s3.prefix}${name}`;
  const failed = async (action: string, response: Response) => new Error(`S3 ${action} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return {
    put: async (name, bytes) => {
      const response = await client.fetch(objectUrl(name), { method: "PUT", body: new Uint8Array(bytes), headers: { "content-type": "image/webp", "content-length": String(bytes.length) } });
      if (!response.ok) throw await failed("PUT", response);
    },
    get: async (name) => {
      const response = await client.fetch(objectUrl(name));
      if (response.status === 404) return undefined;
      if (!response.ok) throw await failed("GET", response);
      return Buffer.from(await response.arrayBuffer());
    },
    delete: async (name) => {
      const response = await client.fetch(objectUrl(name), { method: "DELETE" });
      if (!response.ok && response.status !== 404) throw await failed("DELETE", response);
    },
  };
}
