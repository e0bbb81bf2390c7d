/**
 * The one-time-code page's "ask again in N s": the server says how long when it renders; script
 * counts it down and drops the wait once it is over. Markup: an element with
 * data-until="<epoch ms>" wrapping one with data-seconds.
 */
export function startCountdowns() {
  for (const element of document.querySelectorAll<HTMLElement>("[data-until]")) {
    const until = Number(element.dataset.until);
    const seconds = element.querySelector<HTMLElement>("[data-seconds]");
    const tick = () => {
      const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      if (seconds) seconds.textContent = String(left);
      element.hidden = left === 0;
      if (left === 0) clearInterval(timer);
    };
    const timer = setInterval(tick, 1000);
    tick();
  }
}
