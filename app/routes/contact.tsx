/** Another address of the contact page: the same page and copy, canonical on /contact-us. */
export { default, loader, meta } from "./contact-us";
