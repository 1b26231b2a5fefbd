// The strings of the blog, legal and support pages, added when one of them loads: the landing page, whose
// JavaScript has a budget, does not carry them.
import { addStrings } from "@/web/lib/i18n";
import pages from "../locales/en/site-pages.json";

addStrings(pages);
