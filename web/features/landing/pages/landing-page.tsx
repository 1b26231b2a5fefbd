// The landing page: the specification's ten sections, in its order (§2 "Landing page sections").
import { Suspense } from "react";
import { i18next } from "@/web/lib/i18n";
import { defineSitePage } from "@/web/site/site-page";
import { BadgeStrip } from "../components/badge-strip";
import { ClosingCta } from "../components/closing-cta";
import { Comparison } from "../components/comparison";
import { DemoSection } from "../components/demo-section";
import { Faq } from "../components/faq";
import { Hero } from "../components/hero";
import { HowItWorks } from "../components/how-it-works";
import { KeyFeatures } from "../components/key-features";
import { Pricing } from "../components/pricing";
import { WhoBenefits } from "../components/who-benefits";

// Each section hydrates on its own (a Suspense boundary each): React then wakes the page up in short tasks, one
// section at a time, instead of one long task that keeps a phone from answering a tap.
const sections = [BadgeStrip, WhoBenefits, Comparison, HowItWorks, KeyFeatures, Faq, Pricing, ClosingCta];

function LandingPage() {
  return (
    <main id="main" className="flex flex-col gap-20 pb-20 sm:gap-28 sm:pb-28">
      <div className="flex flex-col gap-10">
        <Hero />
        <Suspense>
          <DemoSection />
        </Suspense>
      </div>
      {sections.map((Section) => (
        <Suspense key={Section.name}>
          <Section />
        </Suspense>
      ))}
    </main>
  );
}

export const sitePage = defineSitePage({
  Page: LandingPage,
  load: () => ({}),
  head: () => ({ title: "Holdup", description: i18next.t("landing.head.description") }),
});
