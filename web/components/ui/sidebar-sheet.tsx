// The sidebar on a phone: a sheet from the side. Loaded by Sidebar (./sidebar.tsx) the first time it opens.
import type { ComponentProps, CSSProperties, ReactNode } from "react";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/web/components/ui/sheet";

type SidebarSheetProps = ComponentProps<"div"> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: "left" | "right";
  width: string;
  title: string;
  description: string;
  children: ReactNode;
};

export default function SidebarSheet({ open, onOpenChange, side, width, title, description, children, ...props }: SidebarSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        data-sidebar="sidebar"
        data-slot="sidebar"
        data-mobile="true"
        side={side}
        showCloseButton={false}
        className="w-(--sidebar-width) bg-sidebar p-0 text-sidebar-foreground"
        style={{ "--sidebar-width": width } as CSSProperties}
      >
        <SheetHeader className="sr-only">
          <SheetTitle>{title}</SheetTitle>
          <SheetDescription>{description}</SheetDescription>
        </SheetHeader>
        <div className="flex h-full w-full flex-col" {...props}>
          {children}
        </div>
      </SheetContent>
    </Sheet>
  );
}
