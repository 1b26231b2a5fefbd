// Who is signed in: the user, their profile, and whether that is still being found out (specification §4).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { SignOutScope } from "@/common/auth-rules";
import { profileKeys, profileQueryOptions, type Profile } from "@/web/features/profile/api/get-profile";
import { ApiError, apiErrorFrom } from "@/web/lib/api-error";
import { authClient } from "@/web/lib/auth-client";
import { currentReader, setReader } from "@/web/lib/reader";
import { usePageDrawnByServer } from "./first-render";

type SessionUser = NonNullable<ReturnType<typeof authClient.useSession>["data"]>["user"];
/** The signed-in user, with avatar_url worked out from the account's image (null when there is none). */
export type AuthUser = SessionUser & { avatar_url: string | null };

export type AuthContextValue = {
  user: AuthUser | null;
  profile: Profile | null;
  isLoading: boolean;
  /** The session (and, when signed in, the profile) is known: what guards wait for before deciding. */
  isReady: boolean;
  isAuthenticated: boolean;
  /** Reads the session again (after signing in, verifying an e-mail, finishing onboarding). */
  refreshUser: () => Promise<void>;
  signOut: (scope?: SignOutScope) => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/** The profile of the signed-in user; a missing profile (404) reads as "no profile", any other failure is an error. */
function useProfileOf(authId: string | undefined) {
  return useQuery({ ...profileQueryOptions(authId ?? ""), enabled: authId !== undefined });
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // better-auth's store fetches the session at start and follows every sign-in and sign-out made through it.
  const session = authClient.useSession();
  // A page the server drew knows who is signed in: its person stands until better-auth has read the session itself
  // (the server's render and the browser's first one alike), and the guards need not wait for it.
  const drawn = usePageDrawnByServer();
  const sessionUser = session.data?.user ?? (session.isPending ? (drawn?.user as SessionUser | undefined) : undefined);
  const profileQuery = useProfileOf(sessionUser?.id);

  // A 401 while reading the profile means the session ended elsewhere: clear the user as well.
  const sessionGone = profileQuery.error instanceof ApiError && profileQuery.error.status === 401;
  const user = useMemo<AuthUser | null>(
    () => (sessionUser && !sessionGone ? { ...sessionUser, avatar_url: sessionUser.image ?? null } : null),
    [sessionUser, sessionGone],
  );
  const profileMissing = profileQuery.error instanceof ApiError && profileQuery.error.status === 404;
  const profile = user && !profileMissing ? (profileQuery.data ?? null) : null;
  // Dates are written in the person's own time zone (issue #28), set before anything below draws one: the same on the
  // server's render and the browser's, wherever the browser is.
  if (profile && currentReader().timeZone !== profile.timezone) setReader({ ...currentReader(), timeZone: profile.timezone });
  const isLoading = session.isPending || (user !== null && profileQuery.isPending);
  // Guards wait only until the answer is known: the first session check, and a new user's profile. A background
  // re-check (every 30 s, or after signing up) must not swap the page for a spinner and lose what was typed.
  const [sessionKnown, setSessionKnown] = useState(drawn !== null);
  if (!sessionKnown && !session.isPending) setSessionKnown(true); // set during render: React's pattern for state derived from a change
  const isReady = sessionKnown && (user === null || !profileQuery.isPending);

  // The session object changes on every update; a ref keeps refreshUser stable for effects that call it.
  const refetchSession = useRef(session.refetch);
  useEffect(() => {
    refetchSession.current = session.refetch;
  });
  const refreshUser = useCallback(async () => {
    await refetchSession.current({ query: { disableCookieCache: true } });
    await queryClient.invalidateQueries({ queryKey: profileKeys.all });
  }, [queryClient]);

  const signOut = useCallback(
    async (scope: SignOutScope = "global") => {
      const response = await fetch(`/api/auth/logout?scope=${scope}`, { method: "POST", credentials: "same-origin" });
      if (!response.ok && response.status !== 401) throw await apiErrorFrom(response);
      queryClient.clear();
      authClient.$store.notify("$sessionSignal");
    },
    [queryClient],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ user, profile, isLoading, isReady, isAuthenticated: user !== null, refreshUser, signOut }),
    [user, profile, isLoading, isReady, refreshUser, signOut],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used inside AuthProvider");
  return context;
}
