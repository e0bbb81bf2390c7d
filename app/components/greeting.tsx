import { greetingForHour } from "~/config/constants";

/** The hour in India (Asia/Kolkata), which the greeting is chosen by. */
export function kolkataHour(now = new Date()): number {
  const hour = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", hour: "numeric", hourCycle: "h23" }).format(
    now,
  );
  return Number(hour) % 24;
}

/**
 * The greeting by hour (docs/product.md, Public pages), rendered on the server for the hour in
 * India and never changed in the browser: the text a visitor reads does not move after load. A
 * shared copy of the page is kept no longer than the Indian hour (app/rendering/page-sharing.server.ts).
 */
export function Greeting({ serverHour }: { serverHour: number }) {
  return <>{greetingForHour(serverHour)}</>;
}
