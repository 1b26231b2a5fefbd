import { createServer, type AddressInfo } from "node:net";

/** A TCP port free right now on this machine (the tests and benchmarks start servers on such ports). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Starts something on a free port, trying another when the port was taken between being found and being listened on
 * (the suites, the crash test and the browser tests start servers side by side on one machine).
 */
export async function onAFreePort<T>(start: (port: number) => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort());
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || attempt >= tries) throw error;
    }
  }
}
