// One frame for every signed-in page (issue #27): the same content edge and the same greatest width, so the eye does
// not jump from page to page (they started at 288, 352, 416 or 464 px). A page narrows its own parts (a form, a
// card) inside it, never the frame. `className` adds the page's layout (a grid, its gaps).
import type { ComponentProps } from "react";
import { cn } from "@/web/lib/cn";

export function PageFrame({ className, ...props }: ComponentProps<"main">) {
  return <main {...props} className={cn("mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 md:px-8", className)} />;
}
