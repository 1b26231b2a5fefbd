// Refuses weak passwords: too short, too long, on a common or breached-password list, or easy to guess.
// The lists ship inside @zxcvbn-ts/language-* (no network needed); they load on first use to keep start-up fast.
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type WeakPasswordReason } from "../../common/auth-rules.ts";

let checker: Promise<ZxcvbnFactory> | undefined;

async function loadChecker() {
  const [common, en] = await Promise.all([import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-en")]);
  return new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
  });
}

/** Returns the reasons the password is too weak; an empty list means it is accepted. */
export async function findWeakPasswordReasons(password: string, userInputs: string[] = []): Promise<WeakPasswordReason[]> {
  if (password.length < PASSWORD_MIN_LENGTH) return ["length"];
  if (password.length > PASSWORD_MAX_LENGTH) return ["too_long"];
  checker ??= loadChecker();
  const result = (await checker).check(password, userInputs);
  if (result.score >= 2) return [];
  const matchedAList = result.sequence.some((match) => match.pattern === "dictionary" && match.token.length >= password.length - 3);
  return [matchedAList ? "common" : "guessable"];
}
