// Keyboard shortcuts and search for the signed-in app: the key handler, the command palette and the "?" list (each
// loaded the first time it opens), and a live region that tells screen readers what a shortcut did.
import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useShortcutKeys } from "../use-shortcut-keys";

const CommandPalette = lazy(() => import("@/web/features/search/components/command-palette"));
const ShortcutsDialog = lazy(async () => ({ default: (await import("./shortcuts-dialog")).ShortcutsDialog }));

type Shortcuts = { openSearch: () => void; openHelp: () => void };
const ShortcutsContext = createContext<Shortcuts | null>(null);

/** Opens search or the list of shortcuts from a button (the sidebar's Search, the palette's own action). */
export function useShortcuts(): Shortcuts {
  const context = useContext(ShortcutsContext);
  if (!context) throw new Error("useShortcuts is used outside ShortcutsProvider");
  return context;
}

export function ShortcutsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [searchOpen, setSearchOpen] = useState(false);
  const [searchLoaded, setSearchLoaded] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [helpLoaded, setHelpLoaded] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const controls = useMemo<Shortcuts>(
    () => ({
      openSearch: () => {
        setSearchLoaded(true);
        setSearchOpen(true);
      },
      openHelp: () => {
        setHelpLoaded(true);
        setHelpOpen(true);
      },
    }),
    [],
  );
  useShortcutKeys({
    ...controls,
    // Emptied first, so that the same sentence twice is read twice.
    announce: (message) => {
      setAnnouncement("");
      requestAnimationFrame(() => setAnnouncement(message));
    },
    unavailable: (shortcut) => t(`shortcuts.unavailable.${shortcut}`),
    going: (page) => t(`shortcuts.going.${page}`),
  });
  return (
    <ShortcutsContext.Provider value={controls}>
      {children}
      {searchLoaded && (
        <Suspense fallback={null}>
          <CommandPalette open={searchOpen} onOpenChange={setSearchOpen} />
        </Suspense>
      )}
      {helpLoaded && (
        <Suspense fallback={null}>
          <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
        </Suspense>
      )}
      <div aria-live="polite" className="sr-only" data-testid="shortcut-announcement">
        {announcement}
      </div>
    </ShortcutsContext.Provider>
  );
}
