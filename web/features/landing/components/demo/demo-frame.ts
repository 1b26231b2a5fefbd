// Kept apart from the demo so the landing page can size the placeholder without loading the demo's code.

/**
 * The demo window's height, shared with the overlay it replaces so nothing below moves when it opens. A fixed
 * height rather than a minimum: at 375px the demo's content is far taller than any sensible placeholder and grows
 * as blockers are added, so the window scrolls inside instead of pushing the page down.
 */
export const demoFrameClassName = "h-[36rem] md:h-[42rem]";
