import { randomInt } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const ID_LENGTH = 14;

/** Gateway-style ids (`order_…`, `pay_…`): 14 base62 characters from randomInt, so none is likelier. */
export function gatewayId(prefix: "order" | "pay"): string {
  let id = "";
  for (let i = 0; i < ID_LENGTH; i++) id += BASE62[randomInt(BASE62.length)];
  return `${prefix}_${id}`;
}
