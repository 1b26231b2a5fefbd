import { describe, expect, it } from "vitest";
import "@/web/app/app-strings";
import { i18next } from "./i18n";
import { bareName, initialsOf, personName } from "./person-name";

const t = i18next.t;
const bob = { id: "b", fullName: "Bob Stone", email: "bob@example.com", avatarUrl: null };

describe("a person's name", () => {
  it("marks someone no longer in the team as a former member, wherever the name is shown", () => {
    expect(personName({ ...bob, formerMember: true }, t)).toBe("Bob Stone (former member)");
    expect(personName({ ...bob, formerMember: false }, t)).toBe("Bob Stone");
    expect(personName(bob, t)).toBe("Bob Stone");
  });

  it("keeps the initials of the name alone", () => {
    expect(initialsOf(bareName({ ...bob, formerMember: true }, t))).toBe("BS");
  });

  it("falls back to the e-mail, then to someone", () => {
    expect(personName({ ...bob, fullName: null, formerMember: true }, t)).toBe("bob@example.com (former member)");
    expect(personName(null, t)).toBe("Someone");
  });
});
