/**
 * Carousels (markup from components/carousel.tsx): without script a row of slides that scrolls by
 * hand (CSS scroll-snap); script adds dots, a pause button and autoplay. How many slides show per
 * view is set by the variant's CSS for each breakpoint; this measures it rather than repeating them.
 */
const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

export function startCarousels() {
  for (const root of document.querySelectorAll<HTMLElement>("[data-carousel]")) start(root);
}

/** Eased horizontal scroll over `ms`; snapping is off meanwhile so it does not fight each frame. */
function scrollTrack(track: HTMLElement, to: number, ms: number) {
  const from = track.scrollLeft;
  if (ms <= 0 || reducedMotion() || from === to) {
    track.scrollLeft = to;
    return;
  }
  const startedAt = performance.now();
  track.style.scrollSnapType = "none";
  const frame = (now: number) => {
    const t = Math.min(1, (now - startedAt) / ms);
    const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    track.scrollLeft = from + (to - from) * eased;
    if (t < 1) requestAnimationFrame(frame);
    else track.style.scrollSnapType = "";
  };
  requestAnimationFrame(frame);
}

/** Width of one slide plus the gap, and how many slides fit in view. */
function measure(track: HTMLElement) {
  const first = track.firstElementChild as HTMLElement | null;
  const gap = parseFloat(getComputedStyle(track).columnGap) || 0;
  const step = first ? first.offsetWidth + gap : track.clientWidth;
  return { step, perView: Math.max(1, Math.round((track.clientWidth + gap) / step)) };
}

function button(className: string): HTMLButtonElement {
  const element = document.createElement("button");
  element.type = "button";
  element.className = className;
  return element;
}

function start(root: HTMLElement) {
  const track = root.querySelector<HTMLElement>(".carousel__track");
  if (!track) return;
  const { speed, dots: wantsDots, slidesToScroll: scrollBy, autoplay: autoplayMs, narrowStart } = root.dataset;
  const speedMs = Number(speed ?? 0);
  const slidesToScroll = Number(scrollBy ?? 1);
  const autoplay = Number(autoplayMs ?? 0) > 0 && !reducedMotion();
  let positions = 0;
  let active = 0;
  let paused = false;
  let interacting = false;

  const goTo = (slide: number) => scrollTrack(track, slide * measure(track).step, speedMs);

  const controls = document.createElement("div");
  controls.className = "carousel__controls";
  controls.hidden = true;
  const pause = button("carousel__pause");
  pause.addEventListener("click", () => {
    paused = !paused;
    render();
  });
  if (autoplay) controls.append(pause);
  let dots: HTMLButtonElement[] = [];
  root.append(controls);

  function render() {
    controls.hidden = positions < 2 || !(wantsDots === "true" || autoplay);
    pause.setAttribute("aria-pressed", String(paused));
    pause.innerHTML = `${paused ? "Play" : "Pause"}<span class="visually-hidden"> automatic scrolling</span>`;
    if (wantsDots === "true" && dots.length !== positions) {
      for (const dot of dots) dot.remove();
      dots = Array.from({ length: positions }, (_, i) => {
        const dot = button("carousel__dot");
        dot.setAttribute("aria-label", `Show slide ${i * slidesToScroll + 1}`);
        dot.addEventListener("click", () => goTo(i * slidesToScroll));
        return dot;
      });
      controls.append(...dots);
    }
    dots.forEach((dot, i) =>
      i === active ? dot.setAttribute("aria-current", "true") : dot.removeAttribute("aria-current"),
    );
  }

  const update = () => {
    const { step, perView } = measure(track);
    const count = Math.ceil((track.children.length - perView) / slidesToScroll) + 1;
    positions = count > 1 ? count : 0;
    active = Math.min(count - 1, Math.round(track.scrollLeft / (step * slidesToScroll)));
    render();
  };

  // The partner logo carousel: on narrow screens it starts on a given slide ("<max width>:<slide>").
  if (narrowStart) {
    const [maxWidth, slide] = narrowStart.split(":").map(Number);
    if (matchMedia(`(max-width: ${maxWidth}px)`).matches) track.scrollLeft = slide * measure(track).step;
  }
  update();
  track.addEventListener("scroll", update, { passive: true });
  addEventListener("resize", update);
  root.addEventListener("mouseenter", () => (interacting = true));
  root.addEventListener("mouseleave", () => (interacting = false));
  root.addEventListener("focusin", () => (interacting = true));
  root.addEventListener("focusout", () => (interacting = false));
  if (autoplay) {
    setInterval(() => {
      if (paused || interacting || positions < 2 || document.visibilityState !== "visible") return;
      goTo(((active + 1) % positions) * slidesToScroll);
    }, Number(autoplayMs));
  }
}
