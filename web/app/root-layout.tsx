import { Outlet, ScrollRestoration } from "react-router";
import { useTheme } from "@/web/lib/theme";
import { LazyToaster } from "./lazy-toaster";

export function RootLayout() {
  const { theme } = useTheme();
  return (
    <>
      <Outlet />
      <LazyToaster theme={theme} />
      <ScrollRestoration />
    </>
  );
}
