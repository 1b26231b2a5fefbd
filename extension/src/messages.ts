// What the popup and the options page ask of the service worker, which does what must outlive a popup (a popup
// closes as soon as the approval tab takes the focus): sign in, sign out, read the counters again.
export type Request = { kind: "sign-in" } | { kind: "cancel-sign-in" } | { kind: "sign-out" } | { kind: "refresh" };

export const ask = (request: Request) => chrome.runtime.sendMessage<Request, void>(request);
