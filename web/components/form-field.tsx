import { useId, type ReactNode } from "react";
import { Label } from "@/web/components/ui/label";

type FieldProps = { label: string; error?: string; hint?: ReactNode; children: (control: { id: string; "aria-invalid": boolean; "aria-describedby"?: string }) => ReactNode };

/** A label, its control, and a hint or an error wired to the control for screen readers. */
export function FormField({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // The hint gives way to the error: the control is described by whichever is shown, never by an id not on the page.
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {hint && !error && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A message for the whole form (the server said no), announced to screen readers as it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {children}
    </div>
  );
}
