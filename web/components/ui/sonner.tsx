import type { CSSProperties } from "react";
import { Toaster as Sonner, type ToasterProps as SonnerProps } from "sonner";

type ToasterProps = Omit<SonnerProps, "theme"> & {
  theme: "light" | "dark" | "system";
};

// Sonner injects its stylesheet unlayered at runtime, so it beats Tailwind's
// layered utilities: colours go in through sonner's own --normal-* variables,
// and the class overrides below need the `!` (important) modifier.
const themeVariables = {
  "--normal-bg": "var(--popover)",
  "--normal-text": "var(--popover-foreground)",
  "--normal-border": "var(--border)",
  "--border-radius": "var(--radius)",
} as CSSProperties;

function Toaster({ theme, toastOptions, style, ...props }: ToasterProps) {
  return (
    <Sonner
      theme={theme}
      position="bottom-right"
      visibleToasts={3}
      duration={4000}
      gap={14}
      style={{ ...themeVariables, ...style }}
      toastOptions={{
        ...toastOptions,
        classNames: {
          toast: "font-sans shadow-lg!",
          description: "text-muted-foreground!",
          actionButton: "bg-primary! text-primary-foreground!",
          cancelButton: "bg-muted! text-muted-foreground!",
          ...toastOptions?.classNames,
        },
      }}
      {...props}
    />
  );
}

export { Toaster, type ToasterProps };
