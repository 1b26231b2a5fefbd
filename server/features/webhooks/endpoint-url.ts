// The save-time rule of an endpoint's address (decision 039): https:// only, and never an address literal (or a name)
// that is not public — unless WEBHOOKS_ALLOW_PRIVATE says this Holdup calls its own network. A DNS name is checked
// again, with its addresses, at each delivery (send-webhook.ts).
import { fieldRefusal } from "../../http/refusal.ts";
import { addressInHost, isLoopbackName, isPublicAddress } from "./address-rules.ts";

/** The address as it will be kept (normalised by the URL parser), or a 400 naming `url`. */
export function checkEndpointUrl(value: string, allowPrivate: boolean): string {
  const url = new URL(value);
  if (allowPrivate) return url.href;
  if (url.protocol !== "https:") throw fieldRefusal("url", "Use an https:// address");
  const literal = addressInHost(url.hostname);
  if ((literal && !isPublicAddress(literal)) || isLoopbackName(url.hostname)) throw fieldRefusal("url", "Use a public address: Holdup does not call private, local or reserved addresses");
  return url.href;
}
