import { Outlet, ScrollRestoration } from "react-router";
import { Toaster } from "@/web/components/ui/sonner";
import { useTheme } from "@/web/lib/theme";

export function RootLayout() {
  const { theme } = useTheme();
  return (
    <>
      <Outlet />
      <Toaster theme={theme} />
      <ScrollRestoration />
    </>
  );
}
