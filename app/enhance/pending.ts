/**
 * Pending states for plain form posts and page loads:
 * - the button that sent a form says what is under way (its data-pending-label) and the form is
 *   sent once: a second click while the first post is on its way does nothing (never two orders);
 * - a navigation that is slow shows the full-screen loader (docs/product.md, Page behaviour; the
 *   delay is app/behaviours/slow-page-loader.ts, as on hydrated pages), cloned from the page's
 *   <template id="page-loader">.
 * A page restored from the back-forward cache is put back as it was before it was left.
 */
import { showLoaderWhenSlow } from "~/behaviours/slow-page-loader";

let cancelLoader = () => {};
const restorers: Array<() => void> = [];

export function showPendingSubmissions() {
  document.addEventListener("submit", onSubmit);
  document.addEventListener("click", onClick);
  addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    cancelLoader();
    document.querySelector(".fs-loader")?.remove();
    for (const restore of restorers.splice(0)) restore();
  });
}

function onSubmit(event: SubmitEvent) {
  const form = event.target as HTMLFormElement;
  if (event.defaultPrevented || form.target === "_blank") return;
  if (form.dataset.submitting) {
    event.preventDefault();
    return;
  }
  form.dataset.submitting = "true";
  restorers.push(() => delete form.dataset.submitting);
  const button = event.submitter;
  const pendingLabel = button?.dataset.pendingLabel;
  if (button && pendingLabel) {
    const label = button.innerHTML;
    button.textContent = pendingLabel;
    button.setAttribute("aria-disabled", "true");
    restorers.push(() => {
      button.innerHTML = label;
      button.removeAttribute("aria-disabled");
    });
  }
  showLoaderSoon();
}

/** A plain left click on a link to another page of this site. */
function onClick(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const link = (event.target as Element).closest?.("a[href]") as HTMLAnchorElement | null;
  if (!link || link.target || link.hasAttribute("download") || link.origin !== location.origin) return;
  if (link.pathname === location.pathname && link.search === location.search) return;
  showLoaderSoon();
}

function showLoaderSoon() {
  cancelLoader();
  cancelLoader = showLoaderWhenSlow(() => {
    const template = document.getElementById("page-loader") as HTMLTemplateElement | null;
    if (template && !document.querySelector(".fs-loader")) document.body.append(template.content.cloneNode(true));
  });
}
