import { WARM_CLIENT_ID } from "~/rendering/warm-client-id";

/**
 * The next page's client, fetched once this page has loaded (decision 0053): the server lists it
 * in an inert <template>, and its prefetch links go into <head> only after the load event, so the
 * page never waits for them and they never compete with its own files.
 */
export function warmClientAfterLoad(): void {
  const template = document.getElementById(WARM_CLIENT_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  const warm = () => document.head.append(template.content);
  if (document.readyState === "complete") warm();
  else window.addEventListener("load", warm, { once: true });
}
