// Keyboard shortcuts and search for the signed-in app: the key handler, the command palette, quick capture and the
// "?" list (each loaded the first time it opens; the palette's and quick capture's code while the browser is idle,
// so Ctrl+K and c open at once), and a live region that tells screen readers what a shortcut did.
import { createContext, lazy, Suspense, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { startTypingAhead } from "../typed-ahead";
import { useShortcutKeys } from "../use-shortcut-keys";

const loadPalette = () => import("@/web/features/search/components/command-palette");
const loadQuickCapture = () => import("@/web/features/blockers/components/quick-capture");
const CommandPalette = lazy(loadPalette);
const QuickCapture = lazy(loadQuickCapture);
const ShortcutsDialog = lazy(async () => ({ default: (await import("./shortcuts-dialog")).ShortcutsDialog }));

type Shortcuts = { openSearch: () => void; openHelp: () => void; openQuickCapture: () => void };
const ShortcutsContext = createContext<Shortcuts | null>(null);

/** Opens search, quick capture or the list of shortcuts from a button (the sidebar's Search, "Add a blocker"…). */
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
  const [captureOpen, setCaptureOpen] = useState(false);
  const [captureLoaded, setCaptureLoaded] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  /** Whether each dialog is drawn (open or closed) already: the state above, read from the controls made once. */
  const mounted = useRef({ search: false, capture: false });
  const controls = useMemo<Shortcuts>(
    () => ({
      openSearch: () => {
        // Its code not in yet (a page just opened): what is typed meanwhile waits for its field.
        if (!mounted.current.search) startTypingAhead("search");
        mounted.current.search = true;
        setSearchLoaded(true);
        setSearchOpen(true);
      },
      openHelp: () => {
        setHelpLoaded(true);
        setHelpOpen(true);
      },
      openQuickCapture: () => {
        if (!mounted.current.capture) startTypingAhead("quick-capture");
        mounted.current.capture = true;
        setCaptureLoaded(true);
        setCaptureOpen(true);
      },
    }),
    [],
  );
  // What a key opens is fetched once the page has drawn and the browser has nothing else to do, and mounted closed:
  // opening it is then a state change. (A lazy component first drawn when wanted suspends, and React holds a
  // suspended boundary back 300 ms before it shows what came: `npm run bench -- --only interactions` measured it.)
  useEffect(() => {
    const preload = () =>
      void Promise.all([loadPalette(), loadQuickCapture()]).then(() => {
        mounted.current = { search: true, capture: true };
        setSearchLoaded(true);
        setCaptureLoaded(true);
      });
    if (typeof requestIdleCallback === "function") {
      const idle = requestIdleCallback(preload, { timeout: 5_000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(preload, 2_000);
    return () => clearTimeout(timer);
  }, []);
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
      {captureLoaded && (
        <Suspense fallback={null}>
          <QuickCapture open={captureOpen} onOpenChange={setCaptureOpen} />
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
