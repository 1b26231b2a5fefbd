// A press on a pre-rendered public page before its code has taken over (issue #27: "a click before hydration is not
// lost"). The script below is inlined into the HTML's head with the theme script, so it runs before anything is
// drawn; it remembers presses on elements marked `data-early-press="name"`, and the component that owns one asks,
// once it runs, whether it was pressed meanwhile.
export const earlyPressesScript = `(function () {
  document.addEventListener("click", function (event) {
    var marked = event.target && event.target.closest && event.target.closest("[data-early-press]");
    if (marked && !window.holdupHydrated) (window.holdupEarlyPresses = window.holdupEarlyPresses || []).push(marked.getAttribute("data-early-press"));
  }, true);
})();`;

type EarlyPresses = { holdupEarlyPresses?: string[]; holdupHydrated?: boolean };

/** Whether `name` was pressed before the page's code ran; asked once, by its owner, once its handlers are in place. */
export function takeEarlyPress(name: string): boolean {
  const early = window as unknown as EarlyPresses;
  // From now on the page's own handlers answer presses.
  early.holdupHydrated = true;
  const presses = early.holdupEarlyPresses ?? [];
  early.holdupEarlyPresses = presses.filter((pressed) => pressed !== name);
  return presses.includes(name);
}
