/** A fresh Indian mobile number per test, so the API's per-number code limits never collide. */
export function freshMobile(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
}
