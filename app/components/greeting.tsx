import { useEffect, useState } from "react";
import { greetingForHour } from "~/constants";

/** The hour in India, which the server renders the greeting for before the browser's own clock is known. */
export function kolkataHour(now = new Date()): number {
  const hour = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", hour: "numeric", hourCycle: "h23" }).format(now);
  return Number(hour) % 24;
}

/**
 * Spec §1 greeting by hour. The server's India-time greeting is what hydrates (so markup matches);
 * then the visitor's local hour takes over.
 */
export function Greeting({ serverHour }: { serverHour: number }) {
  const [hour, setHour] = useState(serverHour);
  useEffect(() => setHour(new Date().getHours()), []);
  return <>{greetingForHour(hour)}</>;
}
