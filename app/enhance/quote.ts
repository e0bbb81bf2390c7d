/**
 * The public price calculator, live (docs/product.md, Public pages): as the visitor types, the
 * form's query is asked of /quote, which answers the result part rendered by the same component
 * as the page; only the latest answer is put in. The address follows the choice, so it can be
 * shared. Without script the form is a plain GET of the page.
 */
const QUOTE_DELAY_MS = 300;

export function liveQuotes() {
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-quote-form]")) {
    const result = form.parentElement?.querySelector("[data-quote-result]");
    if (!result) continue;
    let timer: number | undefined;
    let asked = 0;
    const ask = async (submitted: boolean) => {
      const mine = ++asked;
      // Counts left empty are zero: the address carries only what was typed.
      const query = new URLSearchParams();
      for (const [name, value] of new FormData(form)) if (value !== "") query.append(name, value as string);
      history.replaceState(history.state, "", `${location.pathname}?${query}${new URL(form.action).hash}`);
      query.set("page", location.pathname);
      try {
        const html = await (await fetch(`/quote?${query}`)).text();
        if (mine === asked) result.innerHTML = html;
      } catch {
        // No answer (offline, say): a press of the button still asks for the page, as without script.
        if (submitted) form.submit();
      }
    };
    form.addEventListener("input", () => {
      clearTimeout(timer);
      timer = window.setTimeout(ask, QUOTE_DELAY_MS, false);
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      clearTimeout(timer);
      void ask(true);
    });
  }
}
