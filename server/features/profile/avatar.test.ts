// A person's picture: uploaded as the file itself, re-encoded by the server (256 × 256 WebP), shown to the people who
// share a team with them; hostile files refused without harm; kept under DATA_DIR or in an S3-compatible bucket.
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserLikeClient } from "../../test/browser-like-client.ts";
import { makeTeam, onboard, signUp, type Teammate } from "../../test/factories.ts";
import { startS3StandIn } from "../../test/s3-stand-in.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

let server: TestServer;
let owner: Teammate;
let mate: Teammate;
let outsider: BrowserLikeClient;
beforeAll(async () => {
  server = await startTestServer({ smtp: false });
  [owner, mate] = (await makeTeam(server, ["Pia", "Quinn"])) as [Teammate, Teammate];
  outsider = server.client();
  await signUp(outsider);
  await onboard(outsider, { teamName: "Elsewhere" });
});
afterAll(() => server?.stop());

const photo = (format: "png" | "jpeg" | "webp", width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

async function upload(client: BrowserLikeClient, body: Buffer | string, type: string) {
  const response = await client.fetch(new URL("/api/profile/avatar", client.baseUrl), { method: "PUT", body: typeof body === "string" ? body : new Uint8Array(body), headers: { "content-type": type } });
  return { status: response.status, json: (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined };
}

/** A PNG of a few hundred bytes that says it is 100,000 × 100,000 pixels: 30 GB once decoded. */
function decompressionBomb() {
  const chunk = (type: string, data: Buffer) => {
    const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typeAndData));
    return Buffer.concat([length, typeAndData, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.alloc(100_000))), chunk("IEND", Buffer.alloc(0))]);
}

describe("uploading a picture", () => {
  it("takes PNG, JPEG and WebP, and keeps a 256 × 256 WebP the server made, as the account's and the profile's picture", async () => {
    for (const format of ["png", "jpeg", "webp"] as const) {
      const answer = await upload(owner.client, await photo(format), `image/${format}`);
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      expect(answer.json?.avatarUrl).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}\.webp$/);
    }
    const profile = (await owner.client.request("/api/profile")).json as { avatarUrl: string };
    const picture = await owner.client.fetch(new URL(profile.avatarUrl, server.url));
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/webp");
    expect(picture.headers.get("cache-control")).toContain("immutable");
    const metadata = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
    // The session's copy of the account (the specification's storage_avatar_url, as better-auth's `image`) follows.
    const session = (await owner.client.request("/api/auth/get-session?disableCookieCache=true")).json as { user: { image: string } };
    expect(session.user.image).toBe(profile.avatarUrl);
  });

  it("is shown to teammates (in the people list too), not to other teams or anyone signed out", async () => {
    const { avatarUrl } = (await owner.client.request("/api/profile")).json as { avatarUrl: string };
    expect((await mate.client.fetch(new URL(avatarUrl, server.url))).status).toBe(200);
    const people = (await mate.client.request("/api/people")).json as { id: string; avatarUrl: string | null }[];
    expect(people.find((person) => person.id === owner.profileId)?.avatarUrl).toBe(avatarUrl);
    expect((await outsider.fetch(new URL(avatarUrl, server.url))).status).toBe(404);
    expect((await server.client().fetch(new URL(avatarUrl, server.url))).status).toBe(401);
  });

  it("replaces the one before, which is gone, and can be removed", async () => {
    const before = ((await owner.client.request("/api/profile")).json as { avatarUrl: string }).avatarUrl;
    const after = (await upload(owner.client, await photo("png"), "image/png")).json?.avatarUrl as string;
    expect(after).not.toBe(before);
    expect((await owner.client.fetch(new URL(before, server.url))).status).toBe(404);
    const removed = await owner.client.request("/api/profile/avatar", { method: "DELETE" });
    expect(removed.json).toMatchObject({ avatarUrl: null });
    expect((await owner.client.fetch(new URL(after, server.url))).status).toBe(404);
  });
});

describe("hostile or wrong files", () => {
  it("refuses over 2 MB with 413, before reading it", async () => {
    const huge = Buffer.alloc(2 * 1024 * 1024 + 1, 1);
    const answer = await upload(mate.client, huge, "image/png");
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({ code: "payload_too_large", message: expect.stringContaining("2 MB") });
  });

  it("refuses another type (SVG, GIF, text, JSON) with 415", async () => {
    for (const type of ["image/svg+xml", "image/gif", "text/plain", "application/json", "multipart/form-data; boundary=x"]) {
      const answer = await upload(mate.client, "<svg/>", type);
      expect(answer.status, type).toBe(415);
      expect(answer.json).toMatchObject({ code: "unsupported_media_type" });
    }
  });

  it("refuses bytes that are not the image they claim to be (wrong magic bytes, an SVG with a script, a GIF) with 415", async () => {
    const svgWithScript = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>';
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "red" } }).gif().toBuffer();
    const cases: [Buffer | string, string][] = [
      ["<html><script>alert(1)</script></html>", "image/png"],
      [svgWithScript, "image/png"],
      [gif, "image/jpeg"],
      [(await photo("png")).subarray(0, 200), "image/png"],
    ];
    for (const [body, type] of cases) {
      const answer = await upload(mate.client, body, type);
      expect(answer.status, String(body).slice(0, 30)).toBe(415);
      expect(answer.json).toMatchObject({ code: "unsupported_image", message: "Choose a PNG, JPEG or WebP image" });
    }
    expect(((await mate.client.request("/api/profile")).json as { avatarUrl: string | null }).avatarUrl).toBeNull();
  });

  it("refuses a decompression bomb (a tiny file claiming 10 billion pixels) without decoding it, and goes on serving", async () => {
    const bomb = decompressionBomb();
    expect(bomb.length).toBeLessThan(1000);
    const answer = await upload(mate.client, bomb, "image/png");
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({ code: "image_too_large" });
    expect((await mate.client.request("/api/dashboard")).status).toBe(200);
  });

  it("refuses an empty body, and needs a session", async () => {
    expect((await upload(mate.client, Buffer.alloc(0), "image/png")).status).toBe(400);
    expect((await upload(server.client(), await photo("png"), "image/png")).status).toBe(401);
  });
});

describe("uploads", () => {
  it("are limited: ten pictures an hour per person, then 429 with Retry-After (each is decoded and re-encoded)", async () => {
    const person = server.client();
    await signUp(person);
    await onboard(person);
    const picture = await photo("webp", 64, 64);
    for (let count = 1; count <= 10; count++) expect((await upload(person, picture, "image/webp")).status).toBe(200);
    const limited = await person.fetch(new URL("/api/profile/avatar", server.url), { method: "PUT", body: new Uint8Array(picture), headers: { "content-type": "image/webp" } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("pictures in an S3-compatible bucket (S3_* set)", () => {
  it("are stored there, signed with the credentials, served from there, and deleted there", async () => {
    const credentials = { bucket: "holdup-pictures", accessKeyId: "AKIASTANDIN", secretAccessKey: "stand-in-secret-key", region: "eu-west-1" };
    const bucket = await startS3StandIn(credentials);
    const withS3 = await startTestServer({
      smtp: false,
      environment: { S3_BUCKET: credentials.bucket, S3_ACCESS_KEY_ID: credentials.accessKeyId, S3_SECRET_ACCESS_KEY: credentials.secretAccessKey, S3_REGION: credentials.region, S3_ENDPOINT: bucket.endpoint },
    });
    try {
      const person = withS3.client();
      await signUp(person);
      await onboard(person);
      const first = (await upload(person, await photo("jpeg"), "image/jpeg")).json?.avatarUrl as string;
      const name = first.split("/").at(-1) ?? "";
      expect([...bucket.objects.keys()]).toEqual([`avatars/${name}`]);
      const served = await person.fetch(new URL(first, withS3.url));
      expect(Buffer.from(await served.arrayBuffer()).equals(bucket.objects.get(`avatars/${name}`) ?? Buffer.alloc(0))).toBe(true);
      await upload(person, await photo("png"), "image/png");
      expect(bucket.objects.has(`avatars/${name}`)).toBe(false);
      expect(bucket.objects.size).toBe(1);
      expect(bucket.refused).toEqual([]);
    } finally {
      await withS3.stop();
      await bucket.close();
    }
  });
});
