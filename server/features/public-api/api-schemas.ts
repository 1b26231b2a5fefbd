// Inputs of the public API that differ from the web app's: a blocker made by a script waits on teammates by id only
// (inviting someone by e-mail sends mail in the person's name: the web app asks them to do that themselves).
import { blockerFieldsSchema, withPeopleRules } from "../../../common/blockers.ts";

export const apiCreateBlockerSchema = withPeopleRules(blockerFieldsSchema.omit({ blockingEmails: true })).meta({
  id: "NewBlocker",
  example: { title: "API spec for payments", blockingProfileIds: ["0b8f6c1e-5d2a-4f7b-8c3d-1e2f3a4b5c6d"], priority: "high", linkUrl: "https://github.com/acme/api/pull/42" },
});
