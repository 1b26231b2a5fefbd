// The blog post the 'See how it works' links open (specification §2, nav and footer links).
export const TEN_EXAMPLES_POST_SLUG = "ten-real-world-holdup-usage-examples";
