import { useEffect, useRef, useState } from "react";

interface LazyImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Above the fold: load at once instead of when near the viewport. */
  eager?: boolean;
}

/**
 * Spec §2 lazy image: a placeholder first, the image when it nears the viewport (native
 * loading=lazy, so it works without script), and a blank fallback when it fails to load. Without
 * script the reserved width and height are the placeholder; with script a tinted tile shows until
 * the image arrives (never behind a transparent image that has already loaded).
 */
export function LazyImage({ src, alt, width, height, className = "", eager = false }: LazyImageProps) {
  const [state, setState] = useState<"loading" | "loaded" | "failed">(src ? "loading" : "failed");
  const [hydrated, setHydrated] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  // An image that settled before hydration fired its load or error event unheard.
  useEffect(() => {
    setHydrated(true);
    const img = ref.current;
    if (img?.complete) setState(img.naturalWidth > 0 ? "loaded" : "failed");
  }, [src]);

  if (state === "failed") {
    return (
      <span
        className={`lazy-image lazy-image--blank ${className}`}
        style={{ width, aspectRatio: `${width} / ${height}` }}
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
      />
    );
  }
  return (
    <span className={`lazy-image ${hydrated && state === "loading" ? "lazy-image--pending" : ""} ${className}`}>
      <img
        ref={ref}
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        onLoad={() => setState("loaded")}
        onError={() => setState("failed")}
      />
    </span>
  );
}
