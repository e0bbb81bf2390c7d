import { greetingForHour } from "~/constants";

/** Spec §1 greeting by hour: the server greets for the hour in India, the browser for its own. */
export function showLocalGreeting() {
  const greeting = greetingForHour(new Date().getHours());
  for (const element of document.querySelectorAll<HTMLElement>("[data-greeting]")) element.textContent = greeting;
}
