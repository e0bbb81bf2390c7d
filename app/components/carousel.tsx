import { Children, type ReactNode } from "react";

/**
 * A row of slides that scrolls by hand without script (CSS scroll-snap). The page's script
 * (enhance/carousel.ts) reads the data-* settings and adds dots, a pause button and autoplay.
 */
interface CarouselProps {
  label: string;
  /** "cards": 2 per view, 1 on narrow screens (SLIDER_DEFAULTS). "logos": PARTNER_CAROUSEL. */
  variant: "cards" | "logos";
  speedMs: number;
  dots: boolean;
  slidesToScroll?: number;
  autoplayMs?: number;
  /** Partner logo carousel (docs/product.md, Partner pages): on screens this narrow, start on this slide. */
  narrowStart?: { maxWidth: number; slide: number };
  children: ReactNode;
}

export function Carousel({
  label,
  variant,
  speedMs,
  dots,
  slidesToScroll = 1,
  autoplayMs,
  narrowStart,
  children,
}: CarouselProps) {
  return (
    <div
      className={`carousel carousel--${variant}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-carousel=""
      data-speed={speedMs}
      data-dots={dots ? "true" : undefined}
      data-slides-to-scroll={slidesToScroll}
      data-autoplay={autoplayMs}
      data-narrow-start={narrowStart ? `${narrowStart.maxWidth}:${narrowStart.slide}` : undefined}
    >
      {/* Focusable so keyboard users can scroll it without script. */}
      <ul className="carousel__track" tabIndex={0}>
        {Children.toArray(children).map((slide, i) => (
          <li className="carousel__slide" key={i}>
            {slide}
          </li>
        ))}
      </ul>
    </div>
  );
}
