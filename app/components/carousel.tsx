import { Children, useCallback, useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A row of slides that scrolls by hand without script (CSS scroll-snap) and, once script runs, adds
 * dots, autoplay and timed steps. How many slides show per view is set by the variant's CSS for each
 * breakpoint; the script measures it rather than repeating the breakpoints.
 */
interface CarouselProps {
  label: string;
  /** "cards": 2 per view, 1 on narrow screens (SLIDER_DEFAULTS). "logos": PARTNER_CAROUSEL. */
  variant: "cards" | "logos";
  speedMs: number;
  dots: boolean;
  slidesToScroll?: number;
  autoplayMs?: number;
  /** Spec §2 logo carousel: on screens this narrow, start on this slide. */
  narrowStart?: { maxWidth: number; slide: number };
  children: ReactNode;
}

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Eased horizontal scroll over `ms`; snapping is off meanwhile so it does not fight each frame. */
function scrollTrack(track: HTMLElement, to: number, ms: number) {
  const from = track.scrollLeft;
  if (ms <= 0 || reducedMotion() || from === to) {
    track.scrollLeft = to;
    return;
  }
  const start = performance.now();
  track.style.scrollSnapType = "none";
  const frame = (now: number) => {
    const t = Math.min(1, (now - start) / ms);
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

export function Carousel({ label, variant, speedMs, dots, slidesToScroll = 1, autoplayMs, narrowStart, children }: CarouselProps) {
  const slides = Children.toArray(children);
  const trackRef = useRef<HTMLUListElement>(null);
  const [positions, setPositions] = useState(0);
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const [interacting, setInteracting] = useState(false);
  const [autoplay, setAutoplay] = useState(false);

  const goTo = useCallback(
    (index: number) => {
      const track = trackRef.current;
      if (track) scrollTrack(track, index * measure(track).step, speedMs);
    },
    [speedMs],
  );

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const update = () => {
      const { step, perView } = measure(track);
      const count = Math.ceil((slides.length - perView) / slidesToScroll) + 1;
      setPositions(count > 1 ? count : 0);
      setActive(Math.min(count - 1, Math.round(track.scrollLeft / (step * slidesToScroll))));
    };
    update();
    setAutoplay(Boolean(autoplayMs) && !reducedMotion());
    track.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      track.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [slides.length, slidesToScroll, autoplayMs]);

  const startMaxWidth = narrowStart?.maxWidth;
  const startSlide = narrowStart?.slide ?? 0;
  useEffect(() => {
    const track = trackRef.current;
    if (track && startMaxWidth && window.matchMedia(`(max-width: ${startMaxWidth}px)`).matches) {
      track.scrollLeft = startSlide * measure(track).step;
    }
  }, [startMaxWidth, startSlide]);

  useEffect(() => {
    if (!autoplay || paused || interacting || positions < 2 || !autoplayMs) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") goTo(((active + 1) % positions) * slidesToScroll);
    }, autoplayMs);
    return () => window.clearInterval(timer);
  }, [autoplay, paused, interacting, positions, active, autoplayMs, slidesToScroll, goTo]);

  return (
    <div
      className={`carousel carousel--${variant}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setInteracting(true)}
      onMouseLeave={() => setInteracting(false)}
      onFocus={() => setInteracting(true)}
      onBlur={() => setInteracting(false)}
    >
      {/* Focusable so keyboard users can scroll it without script. */}
      <ul className="carousel__track" ref={trackRef} tabIndex={0}>
        {slides.map((slide, i) => (
          <li className="carousel__slide" key={i}>
            {slide}
          </li>
        ))}
      </ul>
      {positions > 1 && (dots || autoplay) ? (
        <div className="carousel__controls">
          {autoplay ? (
            <button type="button" className="carousel__pause" aria-pressed={paused} onClick={() => setPaused((p) => !p)}>
              {paused ? "Play" : "Pause"}
              <span className="visually-hidden"> automatic scrolling</span>
            </button>
          ) : null}
          {dots
            ? Array.from({ length: positions }, (_, i) => (
                <button
                  type="button"
                  key={i}
                  className="carousel__dot"
                  aria-label={`Show slide ${i * slidesToScroll + 1}`}
                  aria-current={i === active ? "true" : undefined}
                  onClick={() => goTo(i * slidesToScroll)}
                />
              ))
            : null}
        </div>
      ) : null}
    </div>
  );
}
