/** The page's text: bench/peer-remix.ts writes it before the build, as long as the product's median page. */
export default "";
