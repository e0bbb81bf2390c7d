/** Mobile variant of /about-us: the same page and copy, canonical on the main page. */
export { default, loader, meta } from "./about-us";
