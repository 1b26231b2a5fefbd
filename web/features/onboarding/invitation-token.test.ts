import { beforeEach, describe, expect, it } from "vitest";
import { forgetInvitationToken, readInvitationToken, rememberInvitationToken } from "./invitation-token";

describe("the invitation link's token", () => {
  beforeEach(() => localStorage.clear());

  it("is kept from the link until the invitation is accepted", () => {
    rememberInvitationToken("Zp4kQ0x9LmN2vB7cR1sT5uW8yA3dE6fG");
    expect(readInvitationToken()).toBe("Zp4kQ0x9LmN2vB7cR1sT5uW8yA3dE6fG");
    forgetInvitationToken();
    expect(readInvitationToken()).toBeUndefined();
  });

  it("ignores what is not a token: nothing, or the e-mail address older links carried", () => {
    rememberInvitationToken(null);
    rememberInvitationToken("newhire@example.com");
    expect(readInvitationToken()).toBeUndefined();
  });
});
