/** An element's own event handler, then ours: a trigger cloned to add behaviour keeps what it already did. */
export const composeHandlers =
  <E>(theirs: ((event: E) => void) | undefined, ours: (event: E) => void) =>
  (event: E) => {
    theirs?.(event);
    ours(event);
  };
