/**
 * Inline validation (docs/product.md, Checkout steps: messages beside the field before any submit). The rules live once,
 * in each route's zod schema on the server: a form marked data-validate="<route id>" is posted in
 * the background to its own action as a Conform "validate" intent, which never saves anything and
 * answers with Conform's reply; the message for each field the admin has left is shown beside it.
 * A field is checked when it is left, then again as it is corrected. Submitting the form is the
 * ordinary post, checked by the server as always.
 */
const INTENT = "__intent__";
const REVALIDATE_DELAY_MS = 300;

interface Reply {
  error?: Record<string, string[] | null>;
}

export function validateInline() {
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-validate]")) watch(form);
}

function watch(form: HTMLFormElement) {
  const visited = new Set<string>();
  let latest = 0;
  let timer: number | undefined;

  const validate = async (name: string) => {
    // Sent as the form itself would be: the server reads only urlencoded posts (docs/product.md, Security rules).
    const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    body.set(INTENT, JSON.stringify({ type: "validate", payload: { name } }));
    const url = new URL(form.action);
    url.searchParams.set("_data", form.dataset.validate!);
    const request = ++latest;
    let reply: Reply;
    try {
      const response = await fetch(url, { method: "POST", body, headers: { Accept: "application/json" } });
      // A redirect (signed out meanwhile) or a failure is the submit's to explain.
      if (response.status >= 500 || !response.headers.get("Content-Type")?.includes("application/json")) return;
      reply = await response.json();
    } catch {
      return; // Offline or refused: the submit will say it.
    }
    // Only the latest answer counts: an older one may describe what has since been retyped.
    if (request !== latest) return;
    for (const field of visited) show(form, field, reply.error?.[field]?.[0]);
  };

  form.addEventListener("focusout", (event) => {
    const name = nameOf(event.target);
    if (!name) return;
    visited.add(name);
    clearTimeout(timer);
    void validate(name);
  });
  form.addEventListener("input", (event) => {
    const name = nameOf(event.target);
    if (!name || !visited.has(name)) return;
    clearTimeout(timer);
    timer = window.setTimeout(() => void validate(name), REVALIDATE_DELAY_MS);
  });
}

function nameOf(target: EventTarget | null): string | undefined {
  const field = target as HTMLInputElement | null;
  if (!field?.name || field.type === "submit" || field.type === "hidden") return undefined;
  return field.name;
}

/** Puts the message in the field's error element (components/form.tsx) and ties it to the input. */
function show(form: HTMLFormElement, name: string, message: string | undefined) {
  const error = form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(name)}"]`);
  const input = form.elements.namedItem(name);
  if (!error || !(input instanceof HTMLElement)) return;
  if ((error.textContent || undefined) === message) return;
  error.textContent = message ?? "";
  error.hidden = !message;
  const describedBy = new Set((input.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean));
  if (message) describedBy.add(error.id);
  else describedBy.delete(error.id);
  if (describedBy.size) input.setAttribute("aria-describedby", [...describedBy].join(" "));
  else input.removeAttribute("aria-describedby");
  if (message) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
}
