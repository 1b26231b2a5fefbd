// One read at a time: asked again while it runs, it runs once more after — never two at once, never a change missed.
// The tray reads its lists, the extension its counters, after every change the live stream announces.

/** `read`, coalesced: the promise settles when no further run is owed. */
export function coalesced(read: () => Promise<void>): () => Promise<void> {
  let reading: Promise<void> | undefined;
  let readAgain = false;
  return () => {
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = (async () => {
      do {
        readAgain = false;
        await read();
      } while (readAgain);
    })().finally(() => (reading = undefined));
    return reading;
  };
}
