// A checkbox with its label and, under it, a sentence on what it does (announced with the checkbox).
import { useId } from "react";

export function CheckboxWithHint({ label, hint, checked, disabled, onChange }: { label: string; hint: string; checked: boolean; disabled?: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2 text-sm">
      <input id={id} type="checkbox" className="mt-0.5 size-4 accent-primary" checked={checked} disabled={disabled} aria-describedby={`${id}-hint`} onChange={(event) => onChange(event.target.checked)} />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}
