import { greetingForHour } from "~/constants";

/** The hour in India, which the server renders the greeting for before the browser's own clock is known. */
export function kolkataHour(now = new Date()): number {
  const hour = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", hour: "numeric", hourCycle: "h23" }).format(
    now,
  );
  return Number(hour) % 24;
}

/** The greeting by hour: India's hour from the server; the page's script puts in the visitor's own (enhance/greeting.ts). */
export function Greeting({ serverHour }: { serverHour: number }) {
  return <span data-greeting="">{greetingForHour(serverHour)}</span>;
}
