/**
 * Lazy image, docs/product.md, Page behaviour (markup from components/lazy-image.tsx): native loading=lazy works without
 * script; script adds a tinted tile while the image is on its way and, when it fails, leaves the
 * blank placeholder in its place.
 */
export function watchLazyImages() {
  for (const img of document.querySelectorAll<HTMLImageElement>(".lazy-image > img")) {
    const frame = img.parentElement!;
    // An image that settled before this script ran fired its load or error event unheard.
    if (img.complete) {
      if (img.naturalWidth === 0) showBlank(img);
      continue;
    }
    frame.classList.add("lazy-image--pending");
    img.addEventListener("load", () => frame.classList.remove("lazy-image--pending"), { once: true });
    img.addEventListener("error", () => showBlank(img), { once: true });
  }
}

function showBlank(img: HTMLImageElement) {
  const frame = img.parentElement!;
  frame.className = `${frame.className.replace("lazy-image--pending", "")} lazy-image--blank`;
  // The reserved size, from the attributes: the same box the image would have filled.
  const width = img.getAttribute("width");
  frame.style.width = `${width}px`;
  frame.style.aspectRatio = `${width} / ${img.getAttribute("height")}`;
  if (img.alt) {
    frame.setAttribute("role", "img");
    frame.setAttribute("aria-label", img.alt);
  }
  img.remove();
}
