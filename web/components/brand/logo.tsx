import { cn } from "@/web/lib/cn";

/** The Holdup mark: two people (the posts) joined by what one waits for from the other (the bar). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8 shrink-0", className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M10 8v16M22 8v16M10 16h12" className="stroke-primary-foreground" strokeWidth="3.5" strokeLinecap="round" fill="none" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn("flex items-center gap-2 font-semibold tracking-tight", className)}>
      <LogoMark />
      <span className="text-lg">Holdup</span>
    </span>
  );
}
