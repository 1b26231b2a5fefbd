// People as an assistant names them: "Bob", "bob@acme.com", or an id. Matched against the key's team, exactly
// (case aside); a name two teammates share is not guessed at, the answer lists both so the assistant can ask.
import type { Database } from "../../db/client.ts";
import type { Member } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import { listTeammates } from "../people/list-teammates.ts";

export async function resolvePeople(db: Database, member: Member, named: string[]): Promise<string[]> {
  const teammates = await listTeammates(db, member);
  return named.map((text) => {
    const wanted = text.trim().toLowerCase();
    const matches = teammates.filter((person) => person.id === text.trim() || person.email.toLowerCase() === wanted || (person.fullName ?? "").toLowerCase() === wanted);
    const [only] = matches;
    if (matches.length === 1 && only) return only.id;
    if (matches.length > 1) throw new Refusal(400, "person_ambiguous", `"${text}" could be ${matches.map((person) => `${person.fullName ?? person.email} <${person.email}>`).join(" or ")}: name them by e-mail`);
    throw new Refusal(400, "person_not_found", `Nobody in the team is called "${text}". Teammates: ${teammates.map((person) => person.fullName ?? person.email).join(", ")}`);
  });
}
