// The landing page: the specification's ten sections, in its order (§2 "Landing page sections").
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

function LandingPage() {
  return (
    <main id="main" className="flex flex-col gap-20 pb-20 sm:gap-28 sm:pb-28">
      <div className="flex flex-col gap-10">
        <Hero />
        <DemoSection />
      </div>
      <BadgeStrip />
      <WhoBenefits />
      <Comparison />
      <HowItWorks />
      <KeyFeatures />
      <Faq />
      <Pricing />
      <ClosingCta />
    </main>
  );
}

export const sitePage = defineSitePage({
  Page: LandingPage,
  load: () => ({}),
  head: () => ({ title: "Holdup", description: i18next.t("landing.head.description") }),
});
