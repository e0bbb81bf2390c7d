/** Mobile variant of /terms-of-use: the same text, canonical on the main page. */
export { default, loader, meta } from "./terms-of-use";
