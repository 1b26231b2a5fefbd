// The `/holdup waiting on @login` command as a comment's body carries it.
import { describe, expect, it } from "vitest";
import { parseCommentCommand } from "./comment-command.ts";

describe("parseCommentCommand", () => {
  it("reads the people and the title after them, dropping a leading 'for'", () => {
    expect(parseCommentCommand("/holdup waiting on @bob for the API review")).toEqual({ logins: ["bob"], title: "the API review" });
    expect(parseCommentCommand("/holdup waiting on @Bob @carol-x")).toEqual({ logins: ["bob", "carol-x"], title: "" });
    expect(parseCommentCommand("/holdup waiting on @bob, @carol and @dana: schema sign-off")).toEqual({ logins: ["bob", "carol", "dana"], title: "schema sign-off" });
    expect(parseCommentCommand("/HOLDUP Waiting On @bob.")).toEqual({ logins: ["bob"], title: "" });
  });

  it("finds the command on a line of its own anywhere in the comment, but not in a quote", () => {
    expect(parseCommentCommand("Looks good.\n\n  /holdup waiting on @bob for docs\nthanks")).toEqual({ logins: ["bob"], title: "docs" });
    expect(parseCommentCommand("> /holdup waiting on @bob")).toBeUndefined();
    expect(parseCommentCommand("we could /holdup waiting on @bob")).toBeUndefined();
    expect(parseCommentCommand("/holdup help")).toBeUndefined();
  });

  it("stops at what is not a GitHub login, which then belongs to the title", () => {
    expect(parseCommentCommand("/holdup waiting on @bob- and more")).toEqual({ logins: [], title: "@bob- and more" });
    expect(parseCommentCommand("/holdup waiting on nobody")).toEqual({ logins: [], title: "nobody" });
    expect(parseCommentCommand(`/holdup waiting on @${"a".repeat(40)}`)?.logins).toEqual([]);
  });
});
