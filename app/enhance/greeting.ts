import { greetingForHour } from "~/constants";

/** Greeting by hour (docs/product.md, Public pages): the server greets for the hour in India, the browser for its own. */
export function showLocalGreeting() {
  const greeting = greetingForHour(new Date().getHours());
  for (const element of document.querySelectorAll<HTMLElement>("[data-greeting]")) element.textContent = greeting;
}
