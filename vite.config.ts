import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  resolve: { tsconfigPaths: true },
  build: { outDir: "../dist/web", emptyOutDir: true, sourcemap: true },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
});
